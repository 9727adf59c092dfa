import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// POST /api/conversation/{shipmentId}: a message; the conversation and the list read it back.

export const sendMessage = ({ shipmentId, message }: { shipmentId: number; message: string }) =>
  call('POST /api/conversation/:shipmentId', { params: { shipmentId }, body: { message } });

export const useSendMessage = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.conversations }) });
};
