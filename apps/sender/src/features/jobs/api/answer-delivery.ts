import type { DeliveryAnswer } from '@vm/domain/proof';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { proofsQuery } from './get-proofs.ts';

// POST /api/shipment/{id}/delivery: the sender confirms the delivery or reports a problem, once, within 24 hours.

export const answerDelivery = ({ shipmentId, answer }: { shipmentId: number; answer: DeliveryAnswer }) => call('POST /api/shipment/:id/delivery', { params: { id: shipmentId }, body: answer });

export const useAnswerDelivery = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: answerDelivery, onSuccess: (data, { shipmentId }) => client.setQueryData(proofsQuery(shipmentId).queryKey, data) });
};
