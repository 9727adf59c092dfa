import type { PushRead } from '@vm/domain/events';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { eventStream } from '@vm/client/event-stream.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// The push list and the activity column read GET /api/pushes; the stream invalidates
// queryKeys.pushes on every listed event, and the 30 s polling remains the fallback.

export type PushPage = { items: PushRead[]; unread_count: number; next_before: number | null };

const LIST_LIMIT = 20;

/** GET /api/pushes: one page, newest first, older than `before` when given. */
export const fetchPushes = async (before: number | null, signal?: AbortSignal): Promise<PushPage> => {
  const page = await call('GET /api/pushes', { query: { limit: LIST_LIMIT, before: before ?? undefined }, signal });
  // The contract's push schema types payload as Record<string, unknown>; the server parses type
  // and payload together (the event union) before sending, so each payload is its type's.
  return page as PushPage;
};

/** The bell's list: the newest pushes and the unread count. */
export const latestPushesQuery = queryOptions<PushPage>({
  queryKey: queryKeys.latestPushes,
  queryFn: ({ signal }) => fetchPushes(null, signal),
  refetchInterval: () => pollEvery(),
  // The stream's token call already brought the last 5: show them while the list loads.
  placeholderData: () => {
    const seed = eventStream.seededPushes();
    return seed.length ? { items: seed, unread_count: seed.filter((p) => p.read_at === null).length, next_before: null } : undefined;
  },
});

export const useLatestPushes = (enabled: boolean) => useQuery({ ...latestPushesQuery, enabled });

/** The activity column: pages back in time with ?before=. */
export const activityQuery = infiniteQueryOptions({
  queryKey: queryKeys.pushActivity,
  queryFn: ({ pageParam, signal }) => fetchPushes(pageParam, signal),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.next_before,
  refetchInterval: () => pollEvery(),
});

export const useActivity = (enabled: boolean) => useInfiniteQuery({ ...activityQuery, enabled });
