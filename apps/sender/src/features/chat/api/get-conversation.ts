import type { ConversationRead } from '@vm/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryClient } from '@vm/client/query-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/conversation/{shipmentId}: one conversation, polled every 30 s and refreshed by the
// event stream as the list is.

export const getConversation = (shipmentId: number, signal?: AbortSignal) => call('GET /api/conversation/:shipmentId', { params: { shipmentId }, signal });

/** Reading a conversation marks it read on the server, so the list's unread badge is refreshed after. */
export const conversationQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: queryKeys.conversation(shipmentId),
    queryFn: async ({ signal }) => {
      const c = await getConversation(shipmentId, signal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationList });
      return c;
    },
    refetchInterval: () => pollEvery(),
    retry: false,
  });

export const useConversation = (shipmentId: number) => useQuery(conversationQuery(shipmentId));

/** The other party: the sender if present, else the driver (SPEC section 6). */
export const otherParty = (c: ConversationRead) => c.sender ?? c.driver;
