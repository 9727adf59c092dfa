import type { ShipmentRead } from '@vm/domain/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/payments/{id}/confirm: back from the bank, the server asks the provider; only a
// succeeded payment accepts the offer.

export const confirmPayment = (paymentId: number) => api<{ status: 'succeeded' | 'pending'; shipment: ShipmentRead }>(`/api/payments/${paymentId}/confirm`, { method: 'POST' });

export const useConfirmPayment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmPayment, onSuccess: (r) => keepChangedShipment(client, r.shipment) });
};
