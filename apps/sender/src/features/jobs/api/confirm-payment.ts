import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/payments/{id}/confirm: back from the bank, the server asks the provider; only a
// succeeded payment accepts the offer.

export const confirmPayment = (paymentId: number) => call('POST /api/payments/:id/confirm', { params: { id: paymentId } });

export const useConfirmPayment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmPayment, onSuccess: (r) => keepChangedShipment(client, r.shipment) });
};
