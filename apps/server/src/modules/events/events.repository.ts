import type { EventType } from '@vm/domain';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { EventsTable } from '../../db/schema.ts';
import { spendToken } from '../../db/single-use-tokens.ts';

// Where the routes have always found it (the hub's event is made by the mapper).
export type { StoredEvent } from './events.mapper.ts';

/** Every NOTIFY about new events goes to this channel; listeners read the table, not the payload. */
export const EVENTS_CHANNEL = 'vm_events';

export type EventRow = { id: number; userId: number; type: string; shipmentId: number | null; payload: string; message: string; createdAt: Date; readAt: Date | null };
// The JSON columns are read as text: the CamelCasePlugin would otherwise rename the payload's own keys.
const COLUMNS = ['id', 'userId', 'type', 'shipmentId', sql<string>`payload::text`.as('payload'), sql<string>`message::text`.as('message'), 'createdAt', 'readAt'] as const;

// Every function takes the executor first (the service's `db`, or the `trx` of the change it belongs to).
/**
 * Writes events inside the caller's transaction, as its last write. The transaction-scoped
 * lock makes event-writing transactions commit in id order, so a reader that has seen id N has
 * seen every committed id below it: a cursor (and Last-Event-ID) never skips a late commit.
 * The NOTIFY is delivered by PostgreSQL at commit, and not at all on rollback.
 */
export async function insert(db: Executor, events: Insertable<EventsTable>[]): Promise<number[]> {
  if (events.length === 0) return [];
  await sql`select pg_advisory_xact_lock(7305553)`.execute(db);
  const ids = await db.insertInto('events').values(events).onConflict((oc) => oc.column('dedupeKey').doNothing()).returning('id').execute();
  await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db);
  return ids.map((r) => Number(r.id));
}

export async function maxId(db: Executor): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** Every user's events after a cursor, oldest first: what the hub dispatches. */
export async function since(db: Executor, afterId: number, limit: number): Promise<EventRow[]> {
  const rows = await db.selectFrom('events').select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows;
}

/** One user's events after an id, oldest first: what a resumed stream missed. */
export async function sinceForUser(db: Executor, userId: number, afterId: number, limit: number): Promise<EventRow[]> {
  const rows = await db.selectFrom('events').select(COLUMNS).where('userId', '=', userId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows;
}

/** The listed events (pushes, activity) of a user, newest first, before an id. */
export async function listed(db: Executor, userId: number, beforeId: number | null, limit: number): Promise<EventRow[]> {
  let q = db.selectFrom('events').select(COLUMNS).where('userId', '=', userId).where('listed', '=', true);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows;
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('listed', '=', true)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one push read; false when it is not this user's (or not a push). */
export async function markRead(db: Executor, userId: number, id: number, now: Date): Promise<boolean> {
  const row = await db.selectFrom('events').select('readAt').where('id', '=', id).where('userId', '=', userId).where('listed', '=', true).executeTakeFirst();
  if (!row) return false;
  if (!row.readAt) await db.updateTable('events').set({ readAt: now }).where('id', '=', id).execute();
  return true;
}

export async function markAllRead(db: Executor, userId: number, now: Date): Promise<void> {
  await db.updateTable('events').set({ readAt: now }).where('userId', '=', userId).where('listed', '=', true).where('readAt', 'is', null).execute();
}

/** Marks read the pushes of a kind about a shipment (a conversation that was read). */
export async function markReadByShipment(db: Executor, userId: number, shipmentId: number, type: EventType, now: Date): Promise<void> {
  await db.updateTable('events').set({ readAt: now }).where('userId', '=', userId).where('shipmentId', '=', shipmentId).where('type', '=', type).where('readAt', 'is', null).execute();
}

export async function saveStreamToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('streamTokens').values({ tokenHash, userId, expiresAt }).execute();
}

/** Spends a stream token: the user it belongs to, once, before it expires; else null. */
export const useStreamToken = (db: Executor, tokenHash: string, now: Date): Promise<number | null> => spendToken(db, 'streamTokens', tokenHash, now);

/** Spent and expired stream tokens, and positions older than a day, are of no use to anyone. */
export async function sweep(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('streamTokens').where('expiresAt', '<', now).execute();
  await db.deleteFrom('events').where('listed', '=', false).where('createdAt', '<', new Date(now.getTime() - 86_400_000)).execute();
}
