import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverDecision } from '@vm/domain';
import { ApiError } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { opsCall } from '../../../lib/ops-api.ts';
import { readOpsSession } from '../../../lib/ops-session.ts';

// Issue 21 part 1: staff's verification of drivers. Every read of a driver and of a document file
// is written to the audit log by the server: the driver page is read when opened, not on focus.

export const driversQueueQuery = queryOptions({
  queryKey: ['ops', 'drivers'],
  queryFn: ({ signal }) => opsCall('GET /api/ops/drivers', { signal }),
  staleTime: 0,
});

export const driverQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'drivers', id],
    queryFn: ({ signal }) => opsCall('GET /api/ops/drivers/:id', { params: { id }, signal }),
    // Read afresh each time the page opens (a driver may have sent new documents meanwhile).
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const useDriversQueue = () => useQuery(driversQueueQuery);
export const useDriver = (id: number) => useQuery(driverQuery(id));

/** Approve, or refuse with a reason; the answer is the driver as they stand now, and the queue is read again. */
export function useDecideDriver(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: DriverDecision) => opsCall('POST /api/ops/drivers/:id/decision', { params: { id }, body: decision }),
    onSuccess: (review) => {
      queryClient.setQueryData(driverQuery(id).queryKey, review);
      void queryClient.invalidateQueries({ queryKey: driversQueueQuery.queryKey, exact: true });
    },
  });
}

/** A document's file, fetched with the staff session (it is never public): a Blob for an object URL. */
export async function fetchDocumentFile(driverId: number, documentId: number): Promise<Blob> {
  const token = readOpsSession()?.token;
  const res = await fetch(`/api/ops/drivers/${driverId}/documents/${documentId}/file`, {
    headers: { 'accept-language': localeTag(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null), null);
  return res.blob();
}
