import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

/** A public page has no event stream: it asks again every 10 s so the truck moves. */
export const TRACKING_REFRESH_MS = 10_000;

export const isGone = (err: unknown) => err instanceof ApiError && err.status === 404;

export const useTracking = (token: string) =>
  useQuery({
    queryKey: queryKeys.tracking(token),
    queryFn: ({ signal }) => call('GET /api/tracking/:token', { params: { token }, signal }),
    // A revoked link stays revoked: stop asking.
    refetchInterval: (q) => (isGone(q.state.error) ? false : TRACKING_REFRESH_MS),
    staleTime: 0,
  });
