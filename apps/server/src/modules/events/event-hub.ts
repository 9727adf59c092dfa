import type { Db, Listen } from '../../db/database.ts';
import { type StoredEvent, toStoredEvent } from './events.mapper.ts';
import * as eventsRepository from './events.repository.ts';
import { EVENTS_CHANNEL } from './events.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };
type Handler = (e: StoredEvent) => void;

/** Rows read per round; a burst larger than this is read in several rounds. */
const BATCH = 1000;
/** A safety net under NOTIFY: a notification lost while the listener reconnected is found by this. */
const SAFETY_POLL_MS = 5_000;

/**
 * One per process: wakes on NOTIFY (or the safety poll), reads the events committed since its
 * cursor from the table, and hands each to the streams of its user and to whole-process handlers
 * (caches, consumers). The notification itself carries nothing that is trusted.
 */
export function eventHub(deps: { db: Db; listen: Listen; log: Log }) {
  const byUser = new Map<number, Set<Handler>>();
  const everyone = new Set<Handler>();
  let cursor = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => Promise<void>) | null = null;
  let poll: NodeJS.Timeout | null = null;
  let started = false;
  // What the listening connection last reported; null when it reports nothing (PGlite, in process).
  let listenerUp: boolean | null = null;

  function dispatch(e: StoredEvent) {
    for (const h of everyone) h(e);
    const mine = byUser.get(e.userId);
    if (mine) for (const h of mine) h(e);
  }

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await eventsRepository.since(deps.db, cursor, BATCH);
      for (const r of rows) {
        cursor = Number(r.id);
        try {
          dispatch(toStoredEvent(r));
        } catch (err) {
          deps.log.warn({ err, eventId: cursor }, 'event handler failed');
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  /** Coalesces wake-ups: at most one read runs, and one more follows if woken meanwhile. */
  function wake(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          await readNew();
        } while (again);
      } catch (err) {
        deps.log.warn({ err }, 'reading events failed');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  return {
    async start(): Promise<void> {
      cursor = await eventsRepository.maxId(deps.db);
      stopListening = await deps.listen(EVENTS_CHANNEL, () => void wake(), (up) => (listenerUp = up));
      started = true;
      poll = setInterval(() => void wake(), SAFETY_POLL_MS);
      poll.unref();
    },

    async stop(): Promise<void> {
      started = false;
      if (poll) clearInterval(poll);
      await stopListening?.();
      await reading;
    },

    /** Reads now (tests and callers that just committed and want their own events dispatched). */
    flush: wake,

    /**
     * Whether this process hears NOTIFY now: false before start, after stop, and while the
     * listening connection is being opened again (readiness; the safety poll still reads meanwhile).
     */
    connected(): boolean {
      return started && listenerUp !== false;
    },

    /** The id of the newest event this process has dispatched. */
    get cursor() {
      return cursor;
    },

    subscribe(userId: number, handler: Handler): () => void {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) byUser.delete(userId);
      };
    },

    onEvent(handler: Handler): () => void {
      everyone.add(handler);
      return () => everyone.delete(handler);
    },
  };
}

export type EventHub = ReturnType<typeof eventHub>;
