import type { ConversationRead, MessageRead } from '@vm/domain/events';
import { useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryKeys } from '@vm/client/query-keys.ts';
import { queryClient } from '@vm/client/query-client.ts';

// SPEC sections 6 and 7: the chat calls. Both are polled every 30 s; the event stream refreshes
// them at once on each 'shipment.message.new' push (it invalidates queryKeys.conversations).

export const useConversationList = () =>
  useQuery({
    queryKey: queryKeys.conversationList,
    queryFn: ({ signal }) => call('GET /api/conversation', { signal }),
    refetchInterval: () => pollEvery(),
  });

/** Reading a conversation marks it read on the server, so the list's unread badge is refreshed after. */
export const useConversation = (shipmentId: number) =>
  useQuery({
    queryKey: queryKeys.conversation(shipmentId),
    queryFn: async ({ signal }) => {
      const c = await call('GET /api/conversation/:shipmentId', { params: { shipmentId }, signal });
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationList });
      return c;
    },
    refetchInterval: () => pollEvery(),
    retry: false,
  });

export async function sendMessage(shipmentId: number, message: string): Promise<MessageRead> {
  const sent = await call('POST /api/conversation/:shipmentId', { params: { shipmentId }, body: { message } });
  await queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  return sent;
}

/** The other party: the sender if present, else the driver (SPEC section 6). */
export const otherParty = (c: ConversationRead) => c.sender ?? c.driver;
