import { chatMessageSchema, type ConversationDetail, type ConversationRead, type MessageRead, SHIPMENT_STATE, shortName } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { jobConflict, notFound, tooManyRequests, ValidationFailed } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { EventsService } from '../events/events.service.ts';
import { type ChatParties, type Person, toConversationRead, toMessageRead, toParties } from './chat.mapper.ts';
import * as repo from './chat.repository.ts';

type Deps = { db: Db; events: EventsService; limiter: Limiter; now: () => Date };

const PREVIEW_LENGTH = 80;

// One conversation per shipment, between its sender and the driver of the accepted offer. Anyone
// else gets 404 (as if it did not exist); the two parties get 409 until an offer is accepted.

export function chatService({ db, events, limiter, now }: Deps) {
  async function open(userId: number, shipmentId: number): Promise<ChatParties & { me: Person; other: Person }> {
    const row = await repo.parties(db, shipmentId);
    const p = row && toParties(row);
    if (!p || (p.sender.id !== userId && p.driver?.id !== userId)) throw notFound();
    const phase = SHIPMENT_STATE[p.state].phase;
    if (!p.driver || phase === 'open' || phase === 'cancelled') throw jobConflict('chat_not_open', p.state);
    const senderIsMe = p.sender.id === userId;
    return { ...p, me: senderIsMe ? p.sender : p.driver, other: senderIsMe ? p.driver : p.sender };
  }

  return {
    /** The viewer's open conversations, newest activity first. */
    async list(userId: number): Promise<ConversationRead[]> {
      const parties = (await repo.openParties(db, userId)).map(toParties);
      const counts = await repo.counts(db, userId, parties.map((p) => p.shipmentId));
      const items = parties.map((p) => toConversationRead(userId, p, counts.get(p.shipmentId)));
      return items.sort((a, b) => (b.last_message_time ?? 0) - (a.last_message_time ?? 0) || b.shipment_id - a.shipment_id);
    },

    /** Reading a conversation marks it read for the viewer, and their chat pushes for it too. */
    async get(userId: number, shipmentId: number): Promise<ConversationDetail> {
      const p = await open(userId, shipmentId);
      await repo.markRead(db, shipmentId, userId);
      await events.markReadByShipment(userId, shipmentId, 'shipment.message.new');
      const [counts, messages, otherLastRead] = await Promise.all([repo.counts(db, userId, [shipmentId]), repo.messages(db, shipmentId), repo.lastReadId(db, shipmentId, p.other.id)]);
      return { ...toConversationRead(userId, p, counts.get(shipmentId)), messages: messages.map(toMessageRead), other_last_read_id: otherLastRead };
    },

    /** Posts {message} (chatMessageSchema: trimmed, 1-2,000 characters), rate-limited per user. */
    async post(userId: number, shipmentId: number, body: unknown): Promise<MessageRead> {
      const p = await open(userId, shipmentId);
      const parsed = chatMessageSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationFailed(parsed.error.issues.map((i) => ({ field: 'message', key: i.message.includes(' ') ? 'invalid_body' : i.message })));
      const text = parsed.data.message;
      const wait = await limiter.hit(String(userId));
      if (wait > 0) throw tooManyRequests(wait);
      return db.transaction().execute(async (trx) => {
        const message = toMessageRead(await repo.insertMessage(trx, { shipmentId, authorId: userId, body: text, createdAt: now() }));
        await events.record(trx, [
          {
            userId: p.other.id,
            type: 'shipment.message.new',
            shipmentId,
            payload: { reference: p.reference, message_id: message.id, from_name: shortName(p.me.firstName, p.me.lastName), preview: text.slice(0, PREVIEW_LENGTH) },
          },
        ]);
        return message;
      });
    },

    /** For the demo drivers: conversations whose newest message is the sender's, written before `before`. */
    awaitingReply: (driverIds: number[], before: Date) => repo.awaitingReply(db, driverIds, before),
  };
}

export type ChatService = ReturnType<typeof chatService>;
