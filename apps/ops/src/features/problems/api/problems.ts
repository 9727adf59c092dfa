import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProblemDecisionInput } from '@vm/domain/problems';
import { ApiError } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { opsCall } from '../../../lib/ops-api.ts';
import { readOpsSession } from '../../../lib/ops-session.ts';

// Issue 23 part 1: staff read problems and decide them. Every read of a case is written to the
// audit log by the server: the case is read when its page opens, not on window focus.

export type ProblemStatus = 'open' | 'decided';

export const problemsQuery = (status: ProblemStatus) =>
  queryOptions({
    queryKey: ['ops', 'problems', 'list', status],
    queryFn: ({ signal }) => opsCall('GET /api/ops/problems', { query: { status }, signal }),
    staleTime: 0,
  });

export const problemQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'problems', 'case', id],
    queryFn: ({ signal }) => opsCall('GET /api/ops/problems/:id', { params: { id }, signal }),
    // Read afresh each time the page opens (the driver may have answered, someone may have decided).
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const useProblems = (status: ProblemStatus) => useQuery(problemsQuery(status));
export const useProblem = (id: number) => useQuery(problemQuery(id));

/** The decision (finance and admins); the answer is the decided case, and the queues are read again. */
export function useDecideProblem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ProblemDecisionInput) => opsCall('POST /api/ops/problems/:id/decision', { params: { id }, body: decision }),
    onSuccess: (decided) => {
      queryClient.setQueryData(problemQuery(id).queryKey, decided);
      void queryClient.invalidateQueries({ queryKey: ['ops', 'problems', 'list'] });
    },
  });
}

/**
 * A file of a case (photo, consignment note, claim file), fetched with the staff session (none is
 * public): a Blob for an object URL. Only the back office's own routes get the staff token.
 */
export async function fetchCaseFile(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!url.startsWith('/api/ops/')) throw new Error('not a back-office file');
  const token = readOpsSession()?.token;
  const res = await fetch(url, { headers: { 'accept-language': localeTag(), ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null), null);
  return res.blob();
}
