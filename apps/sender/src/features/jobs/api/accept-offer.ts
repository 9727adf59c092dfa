import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/offer/{offerId}: accept, paid by the stored card or by invoice.

export const acceptOffer = ({ shipmentId, offerId }: { shipmentId: number; offerId: number }) => call('POST /api/shipment/:sid/offer/:oid', { params: { sid: shipmentId, oid: offerId } });

export const useAcceptOffer = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptOffer, onSuccess: (s) => keepChangedShipment(client, s) });
};
