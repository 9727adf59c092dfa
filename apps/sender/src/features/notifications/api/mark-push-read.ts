import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

/** POST /api/pushes/{id}/read: read_at lives on the server, so a push read here is read on every device. */
export const markPushRead = (id: number) => call('POST /api/pushes/:id/read', { params: { id } });

/** After marking, the bell and the activity column both read the new state. */
export const useMarkPushRead = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: markPushRead, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pushes }) });
};
