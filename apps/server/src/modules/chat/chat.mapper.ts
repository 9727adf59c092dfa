import type { ConversationRead, MessageRead, ShipmentStateName, UserSummary } from '@vm/domain';
import { imageVariants } from '../files/image-urls.ts';
import type { MessageRow, PartiesRow } from './chat.repository.ts';

// Chat rows to their wire shapes, in one place.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export type Person = { id: number; firstName: string; lastName: string; profileImageId: string | null };
export type ChatParties = { shipmentId: number; reference: string; state: ShipmentStateName; sender: Person; driver: Person | null };
export type MessageCounts = { count: number; last: Date | null; unread: number };

const summary = (u: Person): UserSummary => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  profile_picture: u.profileImageId ? imageVariants(u.profileImageId) : null,
});

export const toParties = (r: PartiesRow): ChatParties => ({
  shipmentId: r.shipmentId,
  reference: r.referenceId,
  state: r.state,
  sender: { id: r.senderId, firstName: r.senderFirst, lastName: r.senderLast, profileImageId: r.senderImage },
  driver: r.driverId === null ? null : { id: r.driverId, firstName: r.driverFirst ?? '', lastName: r.driverLast ?? '', profileImageId: r.driverImage },
});

export const toMessageRead = (r: MessageRow): MessageRead => ({ id: r.id, from: r.authorId, message: r.body, created_at: seconds(r.createdAt) });

/** SPEC section 6: the other party is filled (sender for a driver, driver for a sender), the viewer's side is null. */
export function toConversationRead(viewerId: number, p: ChatParties, n: MessageCounts | undefined): ConversationRead {
  const viewerIsSender = p.sender.id === viewerId;
  return {
    shipment_id: p.shipmentId,
    reference_id: p.reference,
    sender: viewerIsSender ? null : summary(p.sender),
    driver: viewerIsSender && p.driver ? summary(p.driver) : null,
    message_count: n?.count ?? 0,
    unread_count: n?.unread ?? 0,
    current_state: { state: p.state },
    last_message_time: n?.last ? seconds(n.last) : null,
  };
}
