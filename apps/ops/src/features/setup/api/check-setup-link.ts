import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';

/** Whose set-up link this is, and the TOTP secret offered (a POST: the token stays out of logs). */
export const setupLinkQuery = (token: string) =>
  queryOptions({ queryKey: ['ops', 'setup', token], queryFn: () => opsCall('POST /api/ops/setup/check', { body: { token } }), retry: false, staleTime: Infinity });

export const useSetupLink = (token: string) => useQuery(setupLinkQuery(token));
