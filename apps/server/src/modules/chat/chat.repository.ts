import type { ConversationRead, MessageRead, ShipmentStateName, UserSummary } from '@vm/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { imageVariants } from '../files/image-urls.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** States in which a conversation exists: from acceptance on, finalised included, never cancelled. */
const CLOSED: ShipmentStateName[] = ['new', 'cancelled'];

type Person = { id: number; firstName: string; lastName: string; profileImageId: string | null };
const summary = (u: Person): UserSummary => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  profile_picture: u.profileImageId ? imageVariants(u.profileImageId) : null,
});

export type ChatParties = { shipmentId: number; reference: string; state: ShipmentStateName; sender: Person; driver: Person | null };

export function chatRepository(db: Db) {
  /** Shipments with their sender and accepted driver; `forUser` keeps those where that user is a party. */
  function partiesQuery(forUser: number | null) {
    let q = db
      .selectFrom('shipments as s')
      .innerJoin('users as su', 'su.id', 's.senderId')
      .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
      .leftJoin('users as du', 'du.id', 'o.driverId')
      .select([
        's.id as shipmentId',
        's.referenceId',
        's.state',
        'su.id as senderId',
        'su.firstName as senderFirst',
        'su.lastName as senderLast',
        'su.profileImageId as senderImage',
        'du.id as driverId',
        'du.firstName as driverFirst',
        'du.lastName as driverLast',
        'du.profileImageId as driverImage',
      ]);
    if (forUser !== null) q = q.where((eb) => eb.or([eb('s.senderId', '=', forUser), eb('o.driverId', '=', forUser)]));
    return q;
  }
  type Row = Awaited<ReturnType<ReturnType<typeof partiesQuery>['execute']>>[number];
  const toParties = (r: Row): ChatParties => ({
    shipmentId: r.shipmentId,
    reference: r.referenceId,
    state: r.state,
    sender: { id: r.senderId, firstName: r.senderFirst, lastName: r.senderLast, profileImageId: r.senderImage },
    driver: r.driverId === null ? null : { id: r.driverId, firstName: r.driverFirst ?? '', lastName: r.driverLast ?? '', profileImageId: r.driverImage },
  });

  /** Counts per shipment: messages, the newest one's time, and those from the other side this viewer has not read. */
  async function counts(viewerId: number, shipmentIds: number[]) {
    if (shipmentIds.length === 0) return new Map<number, { count: number; last: Date | null; unread: number }>();
    const rows = await db
      .selectFrom('messages as m')
      .leftJoin('conversationReads as r', (j) => j.onRef('r.shipmentId', '=', 'm.shipmentId').on('r.userId', '=', viewerId))
      .select([
        'm.shipmentId',
        sql<number>`count(*)::int`.as('count'),
        sql<Date | null>`max(m.created_at)`.as('last'),
        sql<number>`count(*) filter (where m.author_id <> ${viewerId} and m.id > coalesce(r.last_read_id, 0))::int`.as('unread'),
      ])
      .where('m.shipmentId', 'in', shipmentIds)
      .groupBy('m.shipmentId')
      .execute();
    return new Map(rows.map((r) => [r.shipmentId, { count: r.count, last: r.last ? new Date(r.last) : null, unread: r.unread }]));
  }

  return {
    async parties(shipmentId: number): Promise<ChatParties | null> {
      const r = await partiesQuery(null).where('s.id', '=', shipmentId).executeTakeFirst();
      return r ? toParties(r) : null;
    },

    /** The viewer's open conversations, newest activity first. */
    async list(viewerId: number): Promise<ConversationRead[]> {
      const rows = (await partiesQuery(viewerId).where('s.state', 'not in', CLOSED).where('o.driverId', 'is not', null).execute()).map(toParties);
      const c = await counts(viewerId, rows.map((r) => r.shipmentId));
      const items = rows.map((p) => {
        const n = c.get(p.shipmentId);
        return conversationRead(viewerId, p, n?.count ?? 0, n?.unread ?? 0, n?.last ?? null);
      });
      return items.sort((a, b) => (b.last_message_time ?? 0) - (a.last_message_time ?? 0) || b.shipment_id - a.shipment_id);
    },

    async one(viewerId: number, p: ChatParties): Promise<ConversationRead> {
      const n = (await counts(viewerId, [p.shipmentId])).get(p.shipmentId);
      return conversationRead(viewerId, p, n?.count ?? 0, n?.unread ?? 0, n?.last ?? null);
    },

    async messages(shipmentId: number): Promise<MessageRead[]> {
      const rows = await db.selectFrom('messages').select(['id', 'authorId', 'body', 'createdAt']).where('shipmentId', '=', shipmentId).orderBy('createdAt').orderBy('id').execute();
      return rows.map(toMessage);
    },

    async insertMessage(trx: Db, m: { shipmentId: number; authorId: number; body: string; now: Date }): Promise<MessageRead> {
      const row = await trx
        .insertInto('messages')
        .values({ shipmentId: m.shipmentId, authorId: m.authorId, body: m.body, createdAt: m.now })
        .returning(['id', 'authorId', 'body', 'createdAt'])
        .executeTakeFirstOrThrow();
      return toMessage(row);
    },

    /** Marks the conversation read for this user up to its newest message (never backwards). */
    async markRead(shipmentId: number, userId: number): Promise<void> {
      const newest = await db.selectFrom('messages').select(sql<number | null>`max(id)`.as('id')).where('shipmentId', '=', shipmentId).executeTakeFirst();
      if (!newest?.id) return;
      await db
        .insertInto('conversationReads')
        .values({ shipmentId, userId, lastReadId: newest.id })
        .onConflict((oc) => oc.columns(['shipmentId', 'userId']).doUpdateSet({ lastReadId: sql<number>`greatest(conversation_reads.last_read_id, excluded.last_read_id)` }))
        .execute();
    },

    async lastReadId(shipmentId: number, userId: number): Promise<number | null> {
      const r = await db.selectFrom('conversationReads').select('lastReadId').where('shipmentId', '=', shipmentId).where('userId', '=', userId).executeTakeFirst();
      return r?.lastReadId ?? null;
    },

    /**
     * Demo drivers' conversations waiting for an answer: the newest message is the sender's and
     * was written before `before`.
     */
    async awaitingReply(driverIds: number[], before: Date) {
      if (driverIds.length === 0) return [];
      return db
        .selectFrom('shipments as s')
        .innerJoin('offers as o', 'o.id', 's.acceptedOfferId')
        .innerJoin('messages as m', 'm.shipmentId', 's.id')
        .innerJoin('users as u', 'u.id', 's.senderId')
        .select(['s.id as shipmentId', 'o.driverId', 'm.id as messageId', 'u.locale as senderLocale'])
        .where('o.driverId', 'in', driverIds)
        .where('s.state', 'not in', CLOSED)
        .whereRef('m.authorId', '=', 's.senderId')
        .where('m.createdAt', '<=', before)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('messages as n').select('n.id').whereRef('n.shipmentId', '=', 's.id').whereRef('n.id', '>', 'm.id'))))
        .execute();
    },
  };
}

function toMessage(r: { id: number; authorId: number; body: string; createdAt: Date }): MessageRead {
  return { id: r.id, from: r.authorId, message: r.body, created_at: seconds(r.createdAt) };
}

/** SPEC section 6: the other party is filled (sender for a driver, driver for a sender), the viewer's side is null. */
function conversationRead(viewerId: number, p: ChatParties, count: number, unread: number, last: Date | null): ConversationRead {
  const viewerIsSender = p.sender.id === viewerId;
  return {
    shipment_id: p.shipmentId,
    reference_id: p.reference,
    sender: viewerIsSender ? null : summary(p.sender),
    driver: viewerIsSender && p.driver ? summary(p.driver) : null,
    message_count: count,
    unread_count: unread,
    current_state: { state: p.state },
    last_message_time: last ? seconds(last) : null,
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
