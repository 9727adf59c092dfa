import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposalDecision, RestrictionCreate } from '@vm/domain/restrictions';
import { opsCall } from '../../../lib/ops-api.ts';

// Issue 23 part 2: the support desk. Every search and every view of a user is written to the audit
// log by the server: they are read when the page asks, never again on window focus.

export type RestrictionListStatus = 'active' | 'contested' | 'all';
export type ProposalStatus = 'open' | 'accepted' | 'declined';

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['ops', 'desk', 'search', q],
    queryFn: ({ signal }) => opsCall('GET /api/ops/search', { query: { q }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'desk', 'user', id],
    queryFn: ({ signal }) => opsCall('GET /api/ops/users/:id', { params: { id }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const restrictionsQuery = (status: RestrictionListStatus) =>
  queryOptions({
    queryKey: ['ops', 'desk', 'restrictions', status],
    queryFn: ({ signal }) => opsCall('GET /api/ops/restrictions', { query: { status }, signal }),
    staleTime: 0,
  });

export const proposalsQuery = (status: ProposalStatus) =>
  queryOptions({
    queryKey: ['ops', 'desk', 'proposals', status],
    queryFn: ({ signal }) => opsCall('GET /api/ops/restriction-proposals', { query: { status }, signal }),
    staleTime: 0,
  });

export const useSearch = (q: string) => useQuery({ ...searchQuery(q), enabled: q.length >= 2 });
export const useOpsUser = (id: number) => useQuery(userQuery(id));
export const useRestrictions = (status: RestrictionListStatus) => useQuery(restrictionsQuery(status));
export const useProposals = (status: ProposalStatus) => useQuery(proposalsQuery(status));

/** After any decision: the lists and the user's page are read again. */
const refresh = (queryClient: ReturnType<typeof useQueryClient>) => {
  void queryClient.invalidateQueries({ queryKey: ['ops', 'desk', 'restrictions'] });
  void queryClient.invalidateQueries({ queryKey: ['ops', 'desk', 'proposals'] });
  void queryClient.invalidateQueries({ queryKey: ['ops', 'desk', 'user'] });
};

export function useRestrict(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestrictionCreate) => opsCall('POST /api/ops/users/:id/restrictions', { params: { id: userId }, body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useLift(restrictionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => opsCall('POST /api/ops/restrictions/:id/lift', { params: { id: restrictionId }, body: { reason } }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDecideProposal(proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalDecision) => opsCall('POST /api/ops/restriction-proposals/:id/decision', { params: { id: proposalId }, body }),
    onSuccess: () => refresh(queryClient),
  });
}
