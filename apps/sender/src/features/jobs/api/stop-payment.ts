import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/payments/{id}/stop: the waiting Bancontact payment is cancelled at the provider, so its
// bank page takes no money ('succeeded' when the bank was quicker: the offer is then accepted).

export const stopPayment = (paymentId: number) => call('POST /api/payments/:id/stop', { params: { id: paymentId } });

export const useStopPayment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopPayment,
    onSuccess: async (r) => {
      client.setQueryData(queryKeys.waitingPayment(r.shipment.id), null);
      await keepChangedShipment(client, r.shipment);
    },
  });
};
