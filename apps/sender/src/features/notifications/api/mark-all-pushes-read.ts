import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

/** POST /api/pushes/read: every push of the user read, on every device. */
export const markAllPushesRead = () => call('POST /api/pushes/read', {});

/** After marking, the bell and the activity column both read the new state. */
export const useMarkAllPushesRead = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAllPushesRead, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pushes }) });
};
