import { isListed, type PushRead } from '@vm/domain/events';
import { queryKeys } from './query-keys.ts';

// Kept apart from live.ts: the event catalogue it reads brings zod along, which a guest's first
// screen does not need (the stream only runs while someone is signed in).

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
