import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/user/mail-settings: which kinds of mail the user gets.

export const getMailSettings = (signal?: AbortSignal) => call('GET /api/user/mail-settings', { signal });

export const mailSettingsQuery = queryOptions({ queryKey: queryKeys.mailSettings, queryFn: ({ signal }) => getMailSettings(signal) });

export const useMailSettings = () => useQuery(mailSettingsQuery);
