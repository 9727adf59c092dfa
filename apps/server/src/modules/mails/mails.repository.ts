import { MAIL_KINDS, type MailKind, type MailSettings } from '@vm/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { MailJobKind, MailJobsTable, MailSettingsTable } from '../../db/schema.ts';

// Mails are a consumer of the events table (ARCHITECTURE "Events"): it reads events after its own
// cursor and the chat's read marks, all as plain tables (a receipt comes from the payments service), so nothing
// else has to call it. Every function takes the executor first (`db`, or the service's `trx`).

export const MAIL_SETTING_COLUMN = {
  offer_received: 'offerReceived',
  offer_accepted: 'offerAccepted',
  delivered: 'delivered',
  chat_unread: 'chatUnread',
} as const satisfies Record<MailKind, keyof MailSettingsTable>;

/** An event as the consumer reads it; its payload is parsed by the mapper. */
export type MailEventRow = { id: number; userId: number; type: string; shipmentId: number | null; payload: string; createdAt: Date };

/** A due job with what it takes to write the mail, as read; the mapper makes it a DueMailJob. */
export type DueMailJobRow = {
  id: number;
  userId: number;
  kind: MailJobKind;
  shipmentId: number | null;
  dedupeKey: string;
  attempts: number;
  email: string;
  locale: string;
  role: 'sender' | 'driver' | 'admin';
  type: string;
  payload: string;
  pickupDateFrom: Date | null;
  pickupDateTill: Date | null;
  pickupTimezone: string | null;
  deliveryDateFrom: Date | null;
  deliveryDateTill: Date | null;
  deliveryTimezone: string | null;
  pickupZip: string | null;
  pickupCity: string | null;
  pickupCountry: string | null;
  pickupPlaceId: string | null;
  deliveryZip: string | null;
  deliveryCity: string | null;
  deliveryCountry: string | null;
  deliveryPlaceId: string | null;
};

// Read as text: the CamelCasePlugin would otherwise rename the payload's own snake_case keys.
const payloadText = sql<string>`payload::text`.as('payload');

/** The settings row; none means every mail is on. */
export async function settings(db: Executor, userId: number): Promise<Selectable<MailSettingsTable> | null> {
  return (await db.selectFrom('mailSettings').selectAll().where('userId', '=', userId).executeTakeFirst()) ?? null;
}

export async function saveSettings(db: Executor, userId: number, changes: Partial<MailSettings>): Promise<void> {
  const set: Partial<Record<(typeof MAIL_SETTING_COLUMN)[MailKind], boolean>> = {};
  for (const kind of MAIL_KINDS) {
    const on = changes[kind];
    if (on !== undefined) set[MAIL_SETTING_COLUMN[kind]] = on;
  }
  await db
    .insertInto('mailSettings')
    .values({ userId, ...set })
    .onConflict((oc) => (Object.keys(set).length ? oc.column('userId').doUpdateSet(set) : oc.column('userId').doNothing()))
    .execute();
}

/** The cursor row, locked until the transaction ends: one consumer at a time across processes. */
export async function lockCursor(trx: Executor, name: string): Promise<number> {
  const row = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirst();
  if (row) return Number(row.lastId);
  // First start: begin at the newest event, so an existing database does not mail its history.
  await sql`insert into event_cursors (name, last_id) select ${name}, coalesce(max(id), 0) from events on conflict (name) do nothing`.execute(trx);
  const created = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
  return Number(created.lastId);
}

export async function moveCursor(trx: Executor, name: string, lastId: number): Promise<void> {
  await trx.updateTable('eventCursors').set({ lastId }).where('name', '=', name).execute();
}

/** Events after an id, oldest first. */
export async function eventsAfter(trx: Executor, afterId: number, limit: number): Promise<MailEventRow[]> {
  return trx.selectFrom('events').select(['id', 'userId', 'type', 'shipmentId', payloadText, 'createdAt']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function insertJob(trx: Executor, job: Insertable<MailJobsTable>): Promise<void> {
  await trx
    .insertInto('mailJobs')
    .values(job)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .execute();
}

/** The newest job of a kind for a user and shipment (the offer mails' throttle looks at it). */
export async function lastJob(trx: Executor, userId: number, kind: MailKind, shipmentId: number): Promise<{ dedupeKey: string; sendAfter: Date; sentAt: Date | null; cancelledAt: Date | null } | null> {
  const row = await trx
    .selectFrom('mailJobs')
    .select(['dedupeKey', 'sendAfter', 'sentAt', 'cancelledAt'])
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('shipmentId', '=', shipmentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Due jobs, locked and skipping those another process holds. */
export async function lockDue(trx: Executor, now: Date, limit: number): Promise<number[]> {
  const due = await trx
    .selectFrom('mailJobs')
    .select('id')
    .where('sendAfter', '<=', now)
    .where('sentAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .orderBy('sendAfter')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return due.map((d) => d.id);
}

export async function lease(trx: Executor, ids: number[], until: Date): Promise<void> {
  await trx.updateTable('mailJobs').set({ sendAfter: until }).where('id', 'in', ids).execute();
}

/** Jobs with their recipient, event and the shipment's windows and places as they are now. */
export async function dueJobs(trx: Executor, ids: number[]): Promise<DueMailJobRow[]> {
  return trx
    .selectFrom('mailJobs as j')
    .innerJoin('users as u', 'u.id', 'j.userId')
    .innerJoin('events as e', 'e.id', 'j.eventId')
    .leftJoin('shipments as s', 's.id', 'j.shipmentId')
    .select(['j.id', 'j.userId', 'j.kind', 'j.shipmentId', 'j.dedupeKey', 'j.attempts', 'u.email', 'u.locale', 'u.role', 'e.type', sql<string>`e.payload::text`.as('payload')])
    .select(['s.pickupDateFrom', 's.pickupDateTill', 's.pickupTimezone', 's.deliveryDateFrom', 's.deliveryDateTill', 's.deliveryTimezone'])
    .select(['s.pickupZip', 's.pickupCity', 's.pickupCountry', 's.pickupPlaceId', 's.deliveryZip', 's.deliveryCity', 's.deliveryCountry', 's.deliveryPlaceId'])
    .where('j.id', 'in', ids)
    .orderBy('j.sendAfter')
    .orderBy('j.id')
    .execute();
}

export async function markSent(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('mailJobs').set({ sentAt: now, lastError: null }).where('id', '=', id).execute();
}

export async function cancel(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('mailJobs').set({ cancelledAt: now }).where('id', '=', id).execute();
}

export async function giveUp(db: Executor, id: number, attempts: number, error: string, now: Date): Promise<void> {
  await db.updateTable('mailJobs').set({ cancelledAt: now, attempts, lastError: error.slice(0, 1000) }).where('id', '=', id).execute();
}

/** One mail tells of every unread message of a conversation: the others waiting are not needed. */
export async function cancelPendingChat(db: Executor, userId: number, shipmentId: number, now: Date): Promise<void> {
  await db
    .updateTable('mailJobs')
    .set({ cancelledAt: now })
    .where('userId', '=', userId)
    .where('shipmentId', '=', shipmentId)
    .where('kind', '=', 'chat_unread')
    .where('sentAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .execute();
}

export async function retryLater(db: Executor, id: number, attempts: number, error: string, sendAfter: Date): Promise<void> {
  await db.updateTable('mailJobs').set({ attempts, lastError: error.slice(0, 1000), sendAfter }).where('id', '=', id).execute();
}

/** Unread: the recipient's read mark on the conversation is below the message (or absent). */
export async function isUnread(db: Executor, userId: number, shipmentId: number, messageId: number): Promise<boolean> {
  const row = await db.selectFrom('conversationReads').select('lastReadId').where('userId', '=', userId).where('shipmentId', '=', shipmentId).executeTakeFirst();
  return !row || row.lastReadId < messageId;
}
