import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// POST /api/password/reset/check: whether a reset link still works, asked when the reset page
// opens (a read, though a POST: the token stays out of URLs and logs).

export const checkResetLink = (token: string) => call('POST /api/password/reset/check', { body: { token } });

export const resetLinkQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.resetLink(token), queryFn: () => checkResetLink(token), retry: false, staleTime: Infinity });

export const useResetLink = (token: string) => useQuery({ ...resetLinkQuery(token), enabled: Boolean(token) });
