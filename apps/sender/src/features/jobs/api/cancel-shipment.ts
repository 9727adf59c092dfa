import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/status with state 'cancelled': the sender cancels a new job.

export const cancelShipment = (id: number) => call('POST /api/shipment/:id/status', { params: { id }, body: { state: 'cancelled' } });

export const useCancelShipment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelShipment, onSuccess: (s) => keepChangedShipment(client, s) });
};
