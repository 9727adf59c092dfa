import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

// POST /api/shipment/{id}/offer/{offerId}/bancontact: the server starts the payment; the browser
// leaves for the bank and comes back with ?payment= (see confirm-payment.ts).

type Start = { shipmentId: number; offerId: number; returnPath: string; total: number };

export const startBancontact = ({ shipmentId, offerId, returnPath, total }: Start) =>
  call('POST /api/shipment/:sid/offer/:oid/bancontact', { params: { sid: shipmentId, oid: offerId }, body: { return_path: returnPath, total } });

export const useStartBancontact = () => useMutation({ mutationFn: startBancontact });
