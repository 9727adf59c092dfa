import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/conversation (SPEC sections 6 and 7): polled every 30 s; the event stream refreshes it
// at once on each 'shipment.message.new' push (it invalidates queryKeys.conversations).

export const listConversations = (signal?: AbortSignal) => call('GET /api/conversation', { signal });

export const conversationListQuery = queryOptions({
  queryKey: queryKeys.conversationList,
  queryFn: ({ signal }) => listConversations(signal),
  refetchInterval: () => pollEvery(),
});

export const useConversationList = () => useQuery(conversationListQuery);
