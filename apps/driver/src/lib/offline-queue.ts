import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// The driver's actions made without a network (state changes, positions, proofs with their
// photos), kept on the phone in IndexedDB and sent in the order they were made once the network
// is back. Each carries an id made here (a UUID: the server takes each id once, so a replay after
// a lost answer does no harm) and the time it was made. An action the server refuses (4xx) is put
// aside with the server's sentence for the app to show, and is not tried again; a network failure,
// a 5xx or a 429 stops the run and it is tried again later (backoff), keeping the order.
// The order that matters is a job's own: the actions of different jobs go out side by side (a few
// jobs at a time), each job's one after the other.

/** A file of a proof, kept as bytes (a Blob in IndexedDB is not reliable on every phone). */
export type QueuedFile = { field: string; name: string; type: string; bytes: ArrayBuffer };

export type OfflineAction =
  | { kind: 'state'; shipmentId: number; state: string }
  | { kind: 'position'; shipmentId: number; lat: number; lng: number; accuracy?: number }
  | { kind: 'proof'; shipmentId: number; content: Record<string, unknown>; files: QueuedFile[] };

export type QueuedEntry = {
  /** The client-made id the server deduplicates by. */
  id: string;
  /** When the driver made it (ms since the epoch): sent with it as its original time. */
  at: number;
  action: OfflineAction;
  attempts: number;
};

/** An action the server refused: kept for the app to say so, with the server's sentence. */
export type RefusedEntry = QueuedEntry & { status: number; message: string; refusedAt: number };

/** The outcome of one send: done, refused for good (4xx), or to be tried again later. */
export type SendOutcome = { ok: true } | { ok: false; retry: false; status: number; message: string } | { ok: false; retry: true };

type QueueDb = DBSchema & {
  queue: { key: number; value: QueuedEntry & { seq?: number } };
  refused: { key: string; value: RefusedEntry };
};

export type QueueOptions = {
  /** Sends one entry to the server. */
  send: (entry: QueuedEntry) => Promise<SendOutcome>;
  dbName?: string;
  now?: () => number;
  uuid?: () => string;
  isOnline?: () => boolean;
  /** Runs `fn` after `ms` (a timer in the app; the tests call it themselves). */
  schedule?: (fn: () => void, ms: number) => void;
  /** How many jobs' actions are sent at the same time (each job's in order). */
  lanes?: number;
};

export type QueueSnapshot = { pending: QueuedEntry[]; refused: RefusedEntry[] };

/** How many jobs send at the same time by default: a few, so one slow proof upload does not hold up the rest. */
export const DEFAULT_LANES = 3;

/** While a run sends, its listeners hear at most this often (and once at its end). */
const NOTIFY_EVERY_MS = 250;

/** Waits between tries after a failure: 1 s, 2 s, 4 s … at most a minute. */
export const backoffMs = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

export function createOfflineQueue(options: QueueOptions) {
  const {
    send,
    dbName = 'driver-offline',
    now = () => Date.now(),
    uuid = () => crypto.randomUUID(),
    isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    schedule = (fn, ms) => void setTimeout(fn, ms),
    lanes = DEFAULT_LANES,
  } = options;

  let db: Promise<IDBPDatabase<QueueDb>> | null = null;
  const open = () =>
    (db ??= openDB<QueueDb>(dbName, 1, {
      upgrade(d) {
        // The auto-increment key keeps the order the actions were made in.
        d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
        d.createObjectStore('refused', { keyPath: 'id' });
      },
    }));

  const listeners = new Set<(s: QueueSnapshot) => void>();
  let failures = 0;
  let retryScheduled = false;
  let running: Promise<void> | null = null;

  async function snapshot(): Promise<QueueSnapshot> {
    const d = await open();
    const [pending, refused] = await Promise.all([d.getAll('queue'), d.getAll('refused')]);
    return { pending: pending.map(strip), refused: refused.sort((a, b) => a.at - b.at) };
  }
  async function notify() {
    if (!listeners.size) return;
    const s = await snapshot();
    for (const l of listeners) l(s);
  }

  /** Tells the listeners during a run, at most every NOTIFY_EVERY_MS (each time they hear, the app reads the jobs again). */
  let lastNotified = -Infinity;
  function progress(): Promise<void> {
    const t = now();
    if (t - lastNotified < NOTIFY_EVERY_MS) return Promise.resolve();
    lastNotified = t;
    return notify();
  }

  /**
   * Sends what waits until the queue is empty or a send must be tried again later: each job's
   * actions in the order they were made, up to `lanes` jobs at a time. Actions queued meanwhile go
   * in the next round.
   */
  async function run(): Promise<void> {
    const d = await open();
    for (;;) {
      if (!isOnline()) return;
      const waiting = await d.getAll('queue');
      if (!waiting.length) {
        failures = 0;
        return;
      }
      const byJob = new Map<number, (QueuedEntry & { seq?: number })[]>();
      for (const e of waiting) {
        const list = byJob.get(e.action.shipmentId);
        if (list) list.push(e);
        else byJob.set(e.action.shipmentId, [e]);
      }
      const jobs = [...byJob.values()];
      let stop = false;
      const lane = async () => {
        for (let list = jobs.shift(); list && !stop; list = jobs.shift()) {
          for (const entry of list) {
            if (stop || !isOnline()) {
              stop = true;
              return;
            }
            if (!(await sendOne(d, entry))) {
              stop = true;
              return;
            }
            await progress();
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, jobs.length)) }, lane));
      if (stop) return;
    }
  }

  /** Sends one entry and keeps the outcome; false when the run must stop (tried again later). */
  async function sendOne(d: IDBPDatabase<QueueDb>, entry: QueuedEntry & { seq?: number }): Promise<boolean> {
    let outcome: SendOutcome;
    try {
      outcome = await send(strip(entry));
    } catch {
      outcome = { ok: false, retry: true };
    }
    if (outcome.ok) {
      await d.delete('queue', entry.seq!);
      failures = 0;
      return true;
    }
    if (!outcome.retry) {
      const tx = d.transaction(['queue', 'refused'], 'readwrite');
      await Promise.all([
        tx.objectStore('refused').put({ ...strip(entry), attempts: entry.attempts + 1, status: outcome.status, message: outcome.message, refusedAt: now() }),
        tx.objectStore('queue').delete(entry.seq!),
        tx.done,
      ]);
      return true;
    }
    await d.put('queue', { ...entry, attempts: entry.attempts + 1 });
    failures += 1;
    if (!retryScheduled) {
      retryScheduled = true;
      schedule(() => {
        retryScheduled = false;
        void flush();
      }, backoffMs(failures));
    }
    return false;
  }

  /** One run at a time (and one tab at a time where the browser has Web Locks). */
  function flush(): Promise<void> {
    if (running) return running;
    const locked = () => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(`${dbName}-flush`, run) : run());
    running = locked()
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running.then(notify);
  }

  return {
    /** Keeps an action (made now) and sends it at once when online. */
    async enqueue(action: OfflineAction): Promise<QueuedEntry> {
      const entry: QueuedEntry = { id: uuid(), at: now(), action, attempts: 0 };
      await (await open()).add('queue', entry);
      await notify();
      if (isOnline()) void flush();
      return entry;
    },
    flush,
    snapshot,
    /** The driver has read why an action was refused. */
    async dismiss(id: string) {
      await (await open()).delete('refused', id);
      await notify();
    },
    subscribe(listener: (s: QueueSnapshot) => void): () => void {
      listeners.add(listener);
      void snapshot().then(listener);
      return () => listeners.delete(listener);
    },
    /** Sends on every return of the network, and now if online. */
    start(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
      const online = () => {
        failures = 0;
        void flush();
      };
      target.addEventListener('online', online);
      if (isOnline()) void flush();
      return () => target.removeEventListener('online', online);
    },
    async close() {
      if (db) (await db).close();
      db = null;
    },
  };
}

function strip(e: QueuedEntry & { seq?: number }): QueuedEntry {
  const { seq: _seq, ...rest } = e;
  return rest;
}
