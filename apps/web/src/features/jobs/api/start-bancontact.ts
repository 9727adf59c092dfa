import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// POST /api/shipment/{id}/offer/{offerId}/bancontact: the server starts the payment; the browser
// leaves for the bank and comes back with ?payment= (see confirm-payment.ts).

type Start = { shipmentId: number; offerId: number; returnPath: string };

export const startBancontact = ({ shipmentId, offerId, returnPath }: Start) =>
  api<{ payment_id: number; redirect_url: string }>(`/api/shipment/${shipmentId}/offer/${offerId}/bancontact`, { body: { return_path: returnPath } });

export const useStartBancontact = () => useMutation({ mutationFn: startBancontact });
