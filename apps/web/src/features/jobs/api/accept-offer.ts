import type { ShipmentRead } from '@vm/domain/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/offer/{offerId}: accept, paid by the stored card or by invoice.

export const acceptOffer = ({ shipmentId, offerId }: { shipmentId: number; offerId: number }) => api<ShipmentRead>(`/api/shipment/${shipmentId}/offer/${offerId}`, { method: 'POST' });

export const useAcceptOffer = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptOffer, onSuccess: (s) => keepChangedShipment(client, s) });
};
