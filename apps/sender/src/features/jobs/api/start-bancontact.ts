import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

// POST /api/shipment/{id}/offer/{offerId}/bancontact: the server starts the payment; the browser
// leaves for the bank and comes back with ?payment= (see confirm-payment.ts).

type Start = { shipmentId: number; offerId: number; returnPath: string };

export const startBancontact = ({ shipmentId, offerId, returnPath }: Start) =>
  call('POST /api/shipment/:sid/offer/:oid/bancontact', { params: { sid: shipmentId, oid: offerId }, body: { return_path: returnPath } });

export const useStartBancontact = () => useMutation({ mutationFn: startBancontact });
