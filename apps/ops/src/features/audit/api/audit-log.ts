import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';

/** The audit log, newest first, a page at a time (admins only). */
export const auditLogQuery = infiniteQueryOptions({
  queryKey: ['ops', 'audit'],
  queryFn: ({ pageParam, signal }) => opsCall('GET /api/ops/audit', { query: { before: pageParam ?? undefined, limit: 50 }, signal }),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.next_before,
});

export const useAuditLog = () => useInfiniteQuery(auditLogQuery);
