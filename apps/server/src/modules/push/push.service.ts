import { type Locale, localeOr, PUSH_KIND_OF_EVENT, PUSH_TITLES, type PushKind, type PushPayload, type PushSettings, type PushSubscriptionInput, pushUrl } from '@vm/domain';
import type { PushMessage, PushSender } from '../../adapters/push/push-sender.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../lib/errors.ts';
import { coalescedRounds } from '../../lib/coalesced-rounds.ts';
import { toPushSettings } from './push.mapper.ts';
import * as repo from './push.repository.ts';

// Pushes to drivers are made from events, never inside the request that caused them (ARCHITECTURE
// "Events"), in the shape of the mail worker:
// 1. the consumer turns committed events into push_jobs (one per subscription), in event order,
//    one process at a time under the 'push' cursor's row lock;
// 2. the sender claims due jobs with a lease, sends them, and retries failures with a growing pause;
//    a 404/410 answer drops the subscription.
// Both run on every event this process hears of and as a scheduled job every PUSH_WAKE_SECONDS.

const CURSOR = 'push';
const BATCH = 200;
/**
 * Jobs claimed at a time: sent one after the other, each within PUSH_TIMEOUT_MS (at most 30 s), so
 * a claim is done well inside its lease and no other process sends them meanwhile.
 */
const SEND_BATCH = 10;
/** Pause before attempt 2, 3, ...; the last attempt is the 5th. */
const BACKOFF_SECONDS = [30, 2 * 60, 10 * 60, 30 * 60];
export const MAX_PUSH_ATTEMPTS = BACKOFF_SECONDS.length + 1;
/** A claimed job is left alone this long (more than SEND_BATCH sends that time out); a process that died while sending it is retried after. */
const LEASE_SECONDS = 6 * 60;
/** The periodic run's period (scheduled in src/jobs.ts, once across processes). */
export const PUSH_WAKE_SECONDS = 5;
/** Sent and given-up jobs are kept this long (to look into), then swept. */
const KEEP_SECONDS = 24 * 3600;
/** A notification shows a line or two: longer texts (a chat message) are cut here. */
const BODY_CHARS = 240;

/** How long a push service keeps a push for an offline phone, and how urgently it delivers it. */
const DELIVERY: Record<PushKind, Pick<PushMessage, 'ttlSeconds' | 'urgency'>> = {
  // A job on the board is gone soon: no use telling of it tomorrow.
  new_job: { ttlSeconds: 3600, urgency: 'high' },
  offer_result: { ttlSeconds: 24 * 3600, urgency: 'high' },
  chat_message: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  document_expiring: { ttlSeconds: 3 * 24 * 3600, urgency: 'low' },
  job_problem: { ttlSeconds: 3 * 24 * 3600, urgency: 'high' },
};

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
type Hub = { onEvent: (handler: () => void) => () => void };
type Deps = { db: Db; sender: PushSender; now: () => Date; log: Log };

const later = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);
const cut = (text: string) => (text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS - 1)}…` : text);
/** Where a subscription points, for logs: its host only (the path is the subscription's secret). */
const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : 'invalid');

export function pushService({ db, sender, now, log }: Deps) {
  const settingsOf = async (executor: Db, userId: number) => toPushSettings(await repo.settings(executor, userId));

  /** The jobs an event asks for: one per subscription of a driver who wants this kind. */
  async function jobsFor(trx: Db, e: repo.PushEventRow): Promise<void> {
    const kind = PUSH_KIND_OF_EVENT[e.type];
    if (!kind) return;
    const user = await repo.recipient(trx, e.userId);
    if (user?.role !== 'driver') return;
    if (!(await settingsOf(trx, e.userId))[kind]) return;
    const subscriptions = await repo.subscriptionIds(trx, e.userId);
    if (subscriptions.length === 0) return;
    const locale = localeOr(user.locale);
    const message = JSON.parse(e.message) as Partial<Record<Locale, string>>;
    const payload: PushPayload = {
      title: PUSH_TITLES[kind][locale],
      body: cut(message[locale] ?? message.nl ?? ''),
      url: pushUrl(kind, e.shipmentId),
      // A newer push of the same kind about the same job replaces the one still showing.
      tag: `${kind}-${e.shipmentId ?? `e${e.id}`}`,
    };
    const createdAt = now();
    await repo.insertJobs(
      trx,
      subscriptions.map((subscriptionId) => ({ subscriptionId, eventId: e.id, kind, payload: JSON.stringify(payload), sendAfter: createdAt, createdAt })),
    );
  }

  /** Reads the events after the shared cursor, in order, under its row lock. */
  async function consume(): Promise<void> {
    for (;;) {
      const full = await db.transaction().execute(async (trx) => {
        const after = await repo.lockCursor(trx, CURSOR);
        const rows = await repo.eventsAfter(trx, after, BATCH);
        for (const r of rows) await jobsFor(trx, r);
        const lastId = rows.at(-1)?.id;
        if (lastId !== undefined) await repo.moveCursor(trx, CURSOR, lastId);
        return rows.length === BATCH;
      });
      if (!full) return;
    }
  }

  /** Checks a job again (the driver may have switched its kind off since), then sends it. */
  async function deliver(job: repo.DuePushRow): Promise<void> {
    if (!(await settingsOf(db, job.userId))[job.kind]) return repo.cancel(db, job.id, now());
    const result = await sender.send({ endpoint: job.endpoint, p256dh: job.p256dh, auth: job.auth }, { payload: job.payload, ...DELIVERY[job.kind] });
    if (result.ok) return repo.markSent(db, job.id, job.subscriptionId, now());
    const where = { pushJob: job.id, subscription: job.subscriptionId, host: hostOf(job.endpoint), status: result.status };
    if (result.gone) {
      // The browser dropped it (unsubscribed, expired, app removed): so do we, with its other jobs.
      log.info(where, 'push subscription gone; removed');
      return repo.deleteSubscriptionById(db, job.subscriptionId);
    }
    const attempts = job.attempts + 1;
    if (attempts >= MAX_PUSH_ATTEMPTS) {
      log.warn({ ...where, attempts, error: result.error }, 'push given up');
      return repo.failed(db, job.id, job.subscriptionId, attempts, result.error, null, now());
    }
    log.warn({ ...where, attempts, error: result.error }, 'push failed; will retry');
    return repo.failed(db, job.id, job.subscriptionId, attempts, result.error, later(now(), BACKOFF_SECONDS[attempts - 1]!), now());
  }

  /** Claims due jobs: moves their send_after a lease ahead in a short transaction (see mails). */
  const claimDue = (at: Date, limit: number): Promise<repo.DuePushRow[]> =>
    db.transaction().execute(async (trx) => {
      const ids = await repo.lockDue(trx, at, limit);
      if (ids.length === 0) return [];
      await repo.lease(trx, ids, later(at, LEASE_SECONDS));
      return repo.dueJobs(trx, ids);
    });

  async function sendDue(): Promise<void> {
    for (;;) {
      const jobs = await claimDue(now(), SEND_BATCH);
      for (const job of jobs) await deliver(job);
      if (jobs.length < SEND_BATCH) return;
    }
  }

  let unsubscribe: (() => void) | null = null;
  const rounds = coalescedRounds(
    async () => {
      await consume();
      await sendDue();
    },
    log,
    'push worker',
  );
  const run = rounds.run;

  return {
    publicKey: (): { public_key: string } => ({ public_key: sender.publicKey }),

    /** Keeps a browser's subscription for this driver (the same endpoint again: its keys are updated). */
    async subscribe(userId: number, s: PushSubscriptionInput): Promise<void> {
      if (!sender.acceptsEndpoint(s.endpoint)) throw new ApiError(400, 'invalid_body', 'push_endpoint_invalid');
      await db.transaction().execute((trx) => repo.saveSubscription(trx, { userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, createdAt: now() }));
    },

    /** Forgets the driver's own subscription of that endpoint (none: nothing to do, still 204). */
    unsubscribe: (userId: number, endpoint: string): Promise<void> => repo.deleteSubscription(db, userId, endpoint),

    settings: (userId: number): Promise<PushSettings> => settingsOf(db, userId),

    async updateSettings(userId: number, changes: Partial<PushSettings>): Promise<PushSettings> {
      await repo.saveSettings(db, userId, changes);
      return settingsOf(db, userId);
    },

    /** Makes and sends the pushes due now (tests call it after `await app.eventHub.flush()`). */
    run,

    sweep: () => repo.sweep(db, later(now(), -KEEP_SECONDS)),

    async start(hub: Hub): Promise<void> {
      unsubscribe = hub.onEvent(() => void run());
      // Places the cursor on first start, before this process reacts to anything.
      await run();
    },

    async stop(): Promise<void> {
      unsubscribe?.();
      await rounds.settled();
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
