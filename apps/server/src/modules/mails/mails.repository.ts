import { isLocale, type Locale, type EventPayloads, type EventType, MAIL_KINDS, type MailKind, type MailSettings } from '@vm/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Mails are a consumer of the events table (ARCHITECTURE "Events"): it reads events after its own
// cursor and reads the chat's read marks, both as plain tables, so nothing else has to call it.

const ALL_ON: MailSettings = { offer_received: true, offer_accepted: true, delivered: true, chat_unread: true };
const COLUMN: Record<MailKind, 'offerReceived' | 'offerAccepted' | 'delivered' | 'chatUnread'> = {
  offer_received: 'offerReceived',
  offer_accepted: 'offerAccepted',
  delivered: 'delivered',
  chat_unread: 'chatUnread',
};

/** An event as the mail consumer needs it. */
export type MailEvent = { id: number; userId: number; type: EventType; shipmentId: number | null; payload: EventPayloads[EventType]; createdAt: Date };

export type NewMailJob = { userId: number; kind: MailKind; shipmentId: number | null; eventId: number; dedupeKey: string; sendAfter: Date };

/** A booked window in unix seconds, on the clock of its zone. */
export type MailWindow = { from: number; till: number; timezone: string };

/** A due job with what it takes to write the mail. */
export type DueMailJob = {
  id: number;
  userId: number;
  kind: MailKind;
  shipmentId: number | null;
  dedupeKey: string;
  attempts: number;
  email: string;
  locale: Locale;
  eventType: EventType;
  payload: EventPayloads[EventType];
  /** The job's booked windows as they are now (null when the mail is about no shipment). */
  windows: { pickup: MailWindow; delivery: MailWindow } | null;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

// Read as text: the CamelCasePlugin would otherwise rename the payload's own snake_case keys.
const payloadText = sql<string>`payload::text`.as('payload');
const parsePayload = (text: string) => JSON.parse(text) as EventPayloads[EventType];

const toLocale = (l: string): Locale => (isLocale(l) ? l : 'nl');

export function mailsRepository(db: Db) {
  return {
    /** A missing row means every mail is on. */
    async settings(userId: number, trx: Db = db): Promise<MailSettings> {
      const row = await trx.selectFrom('mailSettings').selectAll().where('userId', '=', userId).executeTakeFirst();
      if (!row) return { ...ALL_ON };
      return Object.fromEntries(MAIL_KINDS.map((k) => [k, row[COLUMN[k]]])) as MailSettings;
    },

    async saveSettings(userId: number, changes: Partial<MailSettings>): Promise<void> {
      const set = Object.fromEntries(MAIL_KINDS.filter((k) => changes[k] !== undefined).map((k) => [COLUMN[k], changes[k]]));
      await db
        .insertInto('mailSettings')
        .values({ userId, ...set })
        .onConflict((oc) => (Object.keys(set).length ? oc.column('userId').doUpdateSet(set) : oc.column('userId').doNothing()))
        .execute();
    },

    /** The cursor row, locked until the transaction ends: one consumer at a time across processes. */
    async lockCursor(trx: Db, name: string): Promise<number> {
      const row = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirst();
      if (row) return Number(row.lastId);
      // First start: begin at the newest event, so an existing database does not mail its history.
      await sql`insert into event_cursors (name, last_id) select ${name}, coalesce(max(id), 0) from events on conflict (name) do nothing`.execute(trx);
      const created = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
      return Number(created.lastId);
    },

    async moveCursor(trx: Db, name: string, lastId: number): Promise<void> {
      await trx.updateTable('eventCursors').set({ lastId }).where('name', '=', name).execute();
    },

    /** Events after an id, oldest first, of the given types. */
    async eventsAfter(trx: Db, afterId: number, limit: number): Promise<{ events: MailEvent[]; lastId: number | null }> {
      const rows = await trx.selectFrom('events').select(['id', 'userId', 'type', 'shipmentId', payloadText, 'createdAt']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      const events = rows.map((r) => ({ ...r, id: Number(r.id), type: r.type, payload: parsePayload(r.payload) }));
      return { events, lastId: events.at(-1)?.id ?? null };
    },

    async insertJob(trx: Db, job: NewMailJob, now: Date): Promise<void> {
      await trx
        .insertInto('mailJobs')
        .values({ ...job, createdAt: now })
        .onConflict((oc) => oc.column('dedupeKey').doNothing())
        .execute();
    },

    /** The newest job of a kind for a user and shipment (the offer mails' throttle looks at it). */
    async lastJob(trx: Db, userId: number, kind: MailKind, shipmentId: number): Promise<{ dedupeKey: string; sendAfter: Date; sentAt: Date | null; cancelledAt: Date | null } | null> {
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
    },

    /**
     * Claims due jobs: moves their send_after a lease ahead in a short transaction, so another
     * process skips them and a crash mid-send retries them once the lease ends.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueMailJob[]> {
      return db.transaction().execute(async (trx) => {
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
        if (due.length === 0) return [];
        const ids = due.map((d) => d.id);
        await trx.updateTable('mailJobs').set({ sendAfter: leaseUntil }).where('id', 'in', ids).execute();
        const rows = await trx
          .selectFrom('mailJobs as j')
          .innerJoin('users as u', 'u.id', 'j.userId')
          .innerJoin('events as e', 'e.id', 'j.eventId')
          .leftJoin('shipments as s', 's.id', 'j.shipmentId')
          .select(['j.id', 'j.userId', 'j.kind', 'j.shipmentId', 'j.dedupeKey', 'j.attempts', 'u.email', 'u.locale', 'e.type', sql<string>`e.payload::text`.as('payload')])
          .select(['s.pickupDateFrom', 's.pickupDateTill', 's.pickupTimezone', 's.deliveryDateFrom', 's.deliveryDateTill', 's.deliveryTimezone'])
          .where('j.id', 'in', ids)
          .orderBy('j.sendAfter')
          .orderBy('j.id')
          .execute();
        return rows.map((r) => ({
          id: r.id,
          userId: r.userId,
          kind: r.kind,
          shipmentId: r.shipmentId,
          dedupeKey: r.dedupeKey,
          attempts: r.attempts,
          email: r.email,
          locale: toLocale(r.locale),
          eventType: r.type,
          payload: parsePayload(r.payload),
          windows:
            r.pickupDateFrom && r.pickupDateTill && r.pickupTimezone && r.deliveryDateFrom && r.deliveryDateTill && r.deliveryTimezone
              ? {
                  pickup: { from: seconds(r.pickupDateFrom), till: seconds(r.pickupDateTill), timezone: r.pickupTimezone },
                  delivery: { from: seconds(r.deliveryDateFrom), till: seconds(r.deliveryDateTill), timezone: r.deliveryTimezone },
                }
              : null,
        }));
      });
    },

    async markSent(id: number, now: Date): Promise<void> {
      await db.updateTable('mailJobs').set({ sentAt: now, lastError: null }).where('id', '=', id).execute();
    },

    async cancel(id: number, now: Date): Promise<void> {
      await db.updateTable('mailJobs').set({ cancelledAt: now }).where('id', '=', id).execute();
    },

    async giveUp(id: number, attempts: number, error: string, now: Date): Promise<void> {
      await db.updateTable('mailJobs').set({ cancelledAt: now, attempts, lastError: error.slice(0, 1000) }).where('id', '=', id).execute();
    },

    /** One mail tells of every unread message of a conversation: the others waiting are not needed. */
    async cancelPendingChat(userId: number, shipmentId: number, now: Date): Promise<void> {
      await db
        .updateTable('mailJobs')
        .set({ cancelledAt: now })
        .where('userId', '=', userId)
        .where('shipmentId', '=', shipmentId)
        .where('kind', '=', 'chat_unread')
        .where('sentAt', 'is', null)
        .where('cancelledAt', 'is', null)
        .execute();
    },

    async retryLater(id: number, attempts: number, error: string, sendAfter: Date): Promise<void> {
      await db.updateTable('mailJobs').set({ attempts, lastError: error.slice(0, 1000), sendAfter }).where('id', '=', id).execute();
    },

    /** Unread: the recipient's read mark on the conversation is below the message (or absent). */
    async isUnread(userId: number, shipmentId: number, messageId: number): Promise<boolean> {
      const row = await db.selectFrom('conversationReads').select('lastReadId').where('userId', '=', userId).where('shipmentId', '=', shipmentId).executeTakeFirst();
      return !row || row.lastReadId < messageId;
    },
  };
}

export type MailsRepository = ReturnType<typeof mailsRepository>;
