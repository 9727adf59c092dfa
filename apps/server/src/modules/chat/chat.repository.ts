import { type ShipmentStateName, statesWhere } from '@vm/domain';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { MessagesTable } from '../../db/schema.ts';
import type { MessageCounts } from './chat.mapper.ts';

// Every function takes the executor first (`db`, or the service's `trx`); rows become wire shapes in chat.mapper.ts.

/** States in which no conversation exists: before acceptance, and once cancelled (finished jobs keep theirs). */
const CLOSED: ShipmentStateName[] = statesWhere((d) => d.phase === 'open' || d.phase === 'cancelled');

/** Shipments with their sender and accepted driver; `forUser` keeps those where that user is a party. */
function partiesQuery(db: Executor, forUser: number | null) {
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
export type PartiesRow = Awaited<ReturnType<ReturnType<typeof partiesQuery>['execute']>>[number];
export type MessageRow = { id: number; authorId: number; body: string; createdAt: Date };

export async function parties(db: Executor, shipmentId: number): Promise<PartiesRow | null> {
  return (await partiesQuery(db, null).where('s.id', '=', shipmentId).executeTakeFirst()) ?? null;
}

/** The open conversations of a viewer (an accepted driver, not new, not cancelled). */
export async function openParties(db: Executor, viewerId: number): Promise<PartiesRow[]> {
  return partiesQuery(db, viewerId).where('s.state', 'not in', CLOSED).where('o.driverId', 'is not', null).execute();
}

/** Counts per shipment: messages, the newest one's time, and those from the other side this viewer has not read. */
export async function counts(db: Executor, viewerId: number, shipmentIds: number[]): Promise<Map<number, MessageCounts>> {
  if (shipmentIds.length === 0) return new Map();
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

export async function messages(db: Executor, shipmentId: number): Promise<MessageRow[]> {
  return db.selectFrom('messages').select(['id', 'authorId', 'body', 'createdAt']).where('shipmentId', '=', shipmentId).orderBy('createdAt').orderBy('id').execute();
}

export async function insertMessage(db: Executor, m: Insertable<MessagesTable>): Promise<MessageRow> {
  return db.insertInto('messages').values(m).returning(['id', 'authorId', 'body', 'createdAt']).executeTakeFirstOrThrow();
}

/** Marks the conversation read for this user up to its newest message (never backwards). */
export async function markRead(db: Executor, shipmentId: number, userId: number): Promise<void> {
  const newest = await db.selectFrom('messages').select(sql<number | null>`max(id)`.as('id')).where('shipmentId', '=', shipmentId).executeTakeFirst();
  if (!newest?.id) return;
  await db
    .insertInto('conversationReads')
    .values({ shipmentId, userId, lastReadId: newest.id })
    .onConflict((oc) => oc.columns(['shipmentId', 'userId']).doUpdateSet({ lastReadId: sql<number>`greatest(conversation_reads.last_read_id, excluded.last_read_id)` }))
    .execute();
}

export async function lastReadId(db: Executor, shipmentId: number, userId: number): Promise<number | null> {
  const r = await db.selectFrom('conversationReads').select('lastReadId').where('shipmentId', '=', shipmentId).where('userId', '=', userId).executeTakeFirst();
  return r?.lastReadId ?? null;
}

/**
 * Demo drivers' conversations waiting for an answer: the newest message is the sender's and
 * was written before `before`.
 */
export async function awaitingReply(db: Executor, driverIds: number[], before: Date) {
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
}
