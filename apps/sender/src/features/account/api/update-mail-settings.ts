import type { MailSettings } from '@vm/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

/** PUT /api/user/mail-settings with only the kinds that change. */
export const updateMailSettings = (changes: Partial<MailSettings>) => call('PUT /api/user/mail-settings', { body: changes });

/** Shows the change at once, saves it, then holds what the server saved (or reloads on failure). */
export function useUpdateMailSettings() {
  const client = useQueryClient();
  const key = queryKeys.mailSettings;
  return useMutation({
    mutationFn: updateMailSettings,
    onMutate: (changes) => client.setQueryData<MailSettings>(key, (old) => old && { ...old, ...changes }),
    onSuccess: (saved) => client.setQueryData(key, saved),
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}
