import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRestriction } from '@vm/domain/restrictions';
import { ApiError, call } from '../api-client.ts';

// Issue 23 part 2: the signed-in user's restrictions (GET /api/user/restrictions: the standing now and
// each statement of reasons, in the user's language) and contesting one. Shared by the sender and
// driver apps; both load it only in lazy chunks (the banner and the restriction page).

/** The address of the restriction page in both apps. */
export const RESTRICTION_PATH = '/account/restrictions';

export const restrictionsQuery = queryOptions({
  queryKey: ['user', 'restrictions'] as const,
  queryFn: ({ signal }) => call('GET /api/user/restrictions', { signal }),
  staleTime: 60_000,
});

export const useRestrictions = (enabled = true) => useQuery({ ...restrictionsQuery, enabled });

/** Contests a restriction; the answer (the restriction with the new contest) replaces it in the list. */
export function useContestRestriction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call('POST /api/user/restrictions/:id/contest', { params: { id }, body: { text } }),
    onSuccess: (updated: UserRestriction) =>
      client.setQueryData(restrictionsQuery.queryKey, (old) => (old ? { ...old, restrictions: old.restrictions.map((r) => (r.id === updated.id ? updated : r)) } : old)),
  });
}

/** A 403 that says the account is restricted or suspended (a booking, a bid, or any call while suspended). */
export function isRestrictionError(err: unknown): err is ApiError {
  if (!(err instanceof ApiError) || err.status !== 403) return false;
  const code = (err.body as { error?: unknown } | null)?.error;
  return code === 'account_restricted' || code === 'account_suspended';
}
