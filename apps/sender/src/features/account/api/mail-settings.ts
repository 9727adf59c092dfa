import type { MailSettings } from '@vm/domain/events';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

export const mailSettingsQuery = queryOptions({
  queryKey: queryKeys.mailSettings,
  queryFn: ({ signal }) => call('GET /api/user/mail-settings', { signal }),
});

export const useMailSettings = () => useQuery(mailSettingsQuery);

/** PUT /api/user/mail-settings with only the kinds that change. */
export const updateMailSettings = (changes: Partial<MailSettings>) => call('PUT /api/user/mail-settings', { body: changes });

/** Shows the change at once, saves it, then holds what the server saved (or reloads on failure). */
export function useUpdateMailSettings() {
  const client = useQueryClient();
  const key = mailSettingsQuery.queryKey;
  return async (changes: Partial<MailSettings>) => {
    client.setQueryData(key, (old) => old && { ...old, ...changes });
    try {
      const saved = await updateMailSettings(changes);
      client.setQueryData(key, saved);
      return saved;
    } catch (err) {
      void client.invalidateQueries({ queryKey: key });
      throw err;
    }
  };
}
