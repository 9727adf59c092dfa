import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/offer/{offerId}: accept, paid by the stored card or by invoice, at the
// total the sender confirmed (the server answers 409 with the new price if it changed).

type Accept = { shipmentId: number; offerId: number; total: number };

export const acceptOffer = ({ shipmentId, offerId, total }: Accept) => call('POST /api/shipment/:sid/offer/:oid', { params: { sid: shipmentId, oid: offerId }, body: { total } });

export const useAcceptOffer = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptOffer, onSuccess: (s) => keepChangedShipment(client, s) });
};
