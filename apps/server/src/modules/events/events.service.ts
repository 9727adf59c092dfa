import { createHash, randomBytes } from 'node:crypto';
import type { EventType, NewEvent, PushRead } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../lib/errors.ts';
import type { EventHub } from './event-hub.ts';
import { type StoredEvent, toEventRow, toPushRead, toStoredEvent } from './events.mapper.ts';
import * as repo from './events.repository.ts';

/** SPEC section 9: pushes shown, the last 5. */
export const LAST_PUSHES = 5;
const STREAM_TOKEN_TTL_SECONDS = 60;
/** A resumed stream replays at most this many missed events; older ones are in the push list. */
const MAX_REPLAY = 5_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function eventsService({ db, hub, now }: { db: Db; hub: EventHub; now: () => Date }) {
  const recordedHere = new Set<(e: NewEvent) => void>();

  /**
   * Writes events in the transaction of the change that causes them, as its last write: they
   * exist exactly when the change committed. Every module records its events through here.
   */
  const record = (trx: Db, events: NewEvent[]) => {
    // Parsed first: a payload that does not fit its type fails the change before anything is written.
    const rows = events.map((e) => toEventRow(e, now()));
    // This process's caches hear of its own changes at once, so the user who made one reads it
    // back in the very next request; every process (this one again) hears it after commit.
    for (const e of events) for (const h of recordedHere) h(e);
    return repo.insert(trx, rows);
  };

  return {
    record,

    /** For a change that is a single statement of its own. */
    recordAlone: (events: NewEvent[]) => db.transaction().execute((trx) => record(trx, events)),

    /** Events this process is writing, told before their commit (caches drop what they change). */
    onRecorded: (handler: (e: NewEvent) => void) => {
      recordedHere.add(handler);
      return () => recordedHere.delete(handler);
    },

    /** POST /api/firebase_token: a stream token (60 s, single use, this user only) and the last 5 pushes. */
    async streamToken(userId: number): Promise<{ token: string; expires_in: number; pushes: PushRead[] }> {
      const token = randomBytes(32).toString('base64url');
      await repo.saveStreamToken(db, userId, hash(token), new Date(now().getTime() + STREAM_TOKEN_TTL_SECONDS * 1000));
      return { token, expires_in: STREAM_TOKEN_TTL_SECONDS, pushes: (await repo.listed(db, userId, null, LAST_PUSHES)).map(toPushRead) };
    },

    async useStreamToken(token: string): Promise<number> {
      const userId = await repo.useStreamToken(db, hash(token), now());
      if (userId === null) throw new ApiError(401, 'access_denied', 'stream_token_invalid');
      return userId;
    },

    /** What a stream missed since Last-Event-ID, oldest first. */
    missed: async (userId: number, afterId: number) => (await repo.sinceForUser(db, userId, afterId, MAX_REPLAY)).map(toStoredEvent),

    subscribe: (userId: number, handler: (e: StoredEvent) => void) => hub.subscribe(userId, handler),

    /** Every event of every user, as this process hears of it (caches, consumers). */
    onEvent: (handler: (e: StoredEvent) => void) => hub.onEvent(handler),

    async pushes(userId: number, beforeId: number | null, limit: number): Promise<{ items: PushRead[]; unread_count: number; next_before: number | null }> {
      const items = (await repo.listed(db, userId, beforeId, limit)).map(toPushRead);
      return { items, unread_count: await repo.unreadCount(db, userId), next_before: items.length === limit ? items.at(-1)!.id : null };
    },

    async markRead(userId: number, id: number): Promise<{ unread_count: number } | null> {
      if (!(await repo.markRead(db, userId, id, now()))) return null;
      return { unread_count: await repo.unreadCount(db, userId) };
    },

    async markAllRead(userId: number): Promise<{ unread_count: number }> {
      await repo.markAllRead(db, userId, now());
      return { unread_count: 0 };
    },

    markReadByShipment: (userId: number, shipmentId: number, type: EventType) => repo.markReadByShipment(db, userId, shipmentId, type, now()),

    sweep: () => repo.sweep(db, now()),
  };
}

export type EventsService = ReturnType<typeof eventsService>;
