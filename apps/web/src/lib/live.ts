import { isListed, type PushRead } from '@vm/domain/events';

// What keeps screens current: the event stream first (lib/event-stream.ts), and the 30 s polling
// of SPEC section 4 underneath as the fallback. Query keys live here so the stream can refresh
// any feature's data without importing the feature.

/** SPEC section 9: lists and chat are polled every 30 s. */
export const POLL_MS = 30_000;

/** A test switch: localStorage 'vm.polling' = 'off' stops all polling, so only the stream updates screens. */
export const pollingOff = () => {
  try {
    return localStorage.getItem('vm.polling') === 'off';
  } catch {
    return false;
  }
};

/** A refetchInterval that honours the switch. */
export const pollEvery = (ms: number = POLL_MS): number | false => (pollingOff() ? false : ms);

export const queryKeys = {
  shipmentList: ['shipments', 'sender'] as const,
  shipment: (id: number) => ['shipments', 'one', id] as const,
  conversations: ['conversations'] as const,
  conversationList: ['conversations', 'list'] as const,
  conversation: (shipmentId: number) => ['conversations', 'one', shipmentId] as const,
  pushes: ['pushes'] as const,
};

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };
type PushLike = Pick<PushRead, 'type' | 'shipment_id'>;

/**
 * What one event refreshes (SPEC section 4): a shipment event refreshes that job and the job list
 * (a 'shipment.location' moves the marker this way), a chat message the chat list, and every
 * listed event the push list and the activity column.
 */
export function invalidateFor(client: Invalidator, push: PushLike): void {
  if (push.shipment_id !== null) {
    void client.invalidateQueries({ queryKey: queryKeys.shipmentList });
    void client.invalidateQueries({ queryKey: queryKeys.shipment(push.shipment_id) });
  }
  if (push.type === 'shipment.message.new') void client.invalidateQueries({ queryKey: queryKeys.conversations });
  if (isListed(push.type)) void client.invalidateQueries({ queryKey: queryKeys.pushes });
}
