import { HANDED_OVER, type MailKind, type MailSettings } from '@vm/domain';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/database.ts';
import { type MailText, acceptedMail, chatUnreadMail, companyInvoiceMail, deliveredMail, driverAccountMail, driverWelcomeMail, offerMail, problemMail, restrictionMail, welcomeMail } from './mail-texts.ts';
import { type DueMailJob, type MailEvent, toDueMailJob, toMailEvent, toMailSettings } from './mails.mapper.ts';
import * as repo from './mails.repository.ts';
import { coalescedRounds } from '../../lib/coalesced-rounds.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

// Mails are made from events, never inside the request that caused them (ARCHITECTURE "Events"):
// 1. the consumer turns committed events into mail_jobs, in event order, one process at a time;
// 2. the sender sends due jobs after checking again, and retries failures with a growing pause.
// Both run on every event this process hears of and as a scheduled job every MAIL_WAKE_SECONDS
// (src/jobs.ts: other processes' events, retries, and chat mails that wait ten minutes).

const CURSOR = 'mails';
const BATCH = 200;
/** A chat message still unread after this long is mailed. */
export const CHAT_UNREAD_AFTER_SECONDS = 10 * 60;
/** After the first offer mail on a shipment, at most one "new offers" mail per this period. */
export const OFFER_MAIL_GAP_SECONDS = 15 * 60;
/** Pause before attempt 2, 3, ...; the last attempt is the 6th. */
const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];
export const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;
/** A claimed job is left alone this long; a process that died while sending it is retried after. */
const LEASE_SECONDS = 5 * 60;
/** The periodic run's period (scheduled in src/jobs.ts, once across processes). */
export const MAIL_WAKE_SECONDS = 5;

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Hub = { onEvent: (handler: () => void) => () => void };
type Deps = { db: Db; mailer: Mailer; payments: Pick<PaymentsService, 'receiptFacts'>; publicUrl: string; now: () => Date; log: Log };

const later = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

export function mailsService({ db, mailer, payments, publicUrl, now, log }: Deps) {
  const settingsOf = async (executor: Db, userId: number) => toMailSettings(await repo.settings(executor, userId));

  /** The job (if any) an event asks for, given the recipient's settings at this moment. */
  async function jobFor(trx: Db, e: MailEvent): Promise<void> {
    const { event } = e;
    // The welcome mail is no notification: no setting turns it off, and it is sent once per account.
    if (event.type === 'user.registered') {
      return repo.insertJob(trx, { userId: e.userId, kind: 'welcome', shipmentId: null, eventId: e.id, createdAt: now(), dedupeKey: `welcome:${e.userId}`, sendAfter: e.createdAt });
    }
    // Staff's decision and an expiring document: the driver must know, by mail too.
    if (event.type === 'driver.verification.decided' || event.type === 'driver.document.expiring') {
      return repo.insertJob(trx, { userId: e.userId, kind: 'driver_account', shipmentId: null, eventId: e.id, createdAt: now(), dedupeKey: `driver:${e.id}`, sendAfter: e.createdAt });
    }
    // A problem with a job and staff's decision on it (money moves): both parties must know, by mail too.
    if (event.type === 'problem.reported' || event.type === 'problem.answered' || event.type === 'problem.decided') {
      return repo.insertJob(trx, { userId: e.userId, kind: 'problem', shipmentId: e.shipmentId, eventId: e.id, createdAt: now(), dedupeKey: `problem:${e.id}`, sendAfter: e.createdAt });
    }
    // Issue 23 part 2: a restriction's statement of reasons and its lifting: the user must know, whatever their settings.
    if (event.type === 'account.restricted' || event.type === 'account.restriction.lifted') {
      return repo.insertJob(trx, { userId: e.userId, kind: 'account', shipmentId: null, eventId: e.id, createdAt: now(), dedupeKey: `account:${e.id}`, sendAfter: e.createdAt });
    }
    // Issue 23: staff's decision on invoice payment (a refusal with its reason): no setting turns it off.
    if (event.type === 'company.invoice.status' && (event.payload.status === 'approved' || event.payload.status === 'rejected')) {
      return repo.insertJob(trx, { userId: e.userId, kind: 'company_invoice', shipmentId: null, eventId: e.id, createdAt: now(), dedupeKey: `invoice-status:${e.id}`, sendAfter: e.createdAt });
    }
    const kind: MailKind | null =
      event.type === 'shipment.offer.new'
        ? 'offer_received'
        : event.type === 'shipment.offer.accepted'
          ? 'offer_accepted'
          : event.type === 'shipment.state.changed' && event.payload.state === HANDED_OVER
            ? 'delivered'
            : event.type === 'shipment.message.new'
              ? 'chat_unread'
              : null;
    if (!kind || e.shipmentId === null) return;
    if (!(await settingsOf(trx, e.userId))[kind]) return;
    const base = { userId: e.userId, kind, shipmentId: e.shipmentId, eventId: e.id, createdAt: now() };

    switch (kind) {
      case 'offer_received': {
        const last = await repo.lastJob(trx, e.userId, kind, e.shipmentId);
        // A mail still waiting will tell of this offer too.
        if (last && !last.sentAt && !last.cancelledAt) return;
        const n = last ? Number(last.dedupeKey.split(':').at(-1)) + 1 : 1;
        const gapEnds = last ? later(last.sentAt ?? last.sendAfter, OFFER_MAIL_GAP_SECONDS) : e.createdAt;
        const sendAfter = gapEnds > e.createdAt ? gapEnds : e.createdAt;
        return repo.insertJob(trx, { ...base, dedupeKey: `offers:${e.shipmentId}:${n}`, sendAfter });
      }
      case 'offer_accepted':
        return repo.insertJob(trx, { ...base, dedupeKey: `accepted:${e.id}`, sendAfter: e.createdAt });
      case 'delivered':
        return repo.insertJob(trx, { ...base, dedupeKey: `delivered:${e.shipmentId}:${e.userId}`, sendAfter: e.createdAt });
      case 'chat_unread': {
        if (event.type !== 'shipment.message.new') return;
        return repo.insertJob(trx, { ...base, dedupeKey: `chat:${e.userId}:${event.payload.message_id}`, sendAfter: later(e.createdAt, CHAT_UNREAD_AFTER_SECONDS) });
      }
    }
  }

  /** Reads the events after the shared cursor, in order, under its row lock. */
  async function consume(): Promise<void> {
    for (;;) {
      const full = await db.transaction().execute(async (trx) => {
        const after = await repo.lockCursor(trx, CURSOR);
        const rows = await repo.eventsAfter(trx, after, BATCH);
        for (const r of rows) await jobFor(trx, toMailEvent(r));
        const lastId = rows.at(-1)?.id;
        if (lastId !== undefined) await repo.moveCursor(trx, CURSOR, Number(lastId));
        return rows.length === BATCH;
      });
      if (!full) return;
    }
  }

  /** The mail of a job; null when there is nothing to tell (no receipt was kept). */
  async function render(job: DueMailJob): Promise<MailText | null> {
    const link = `${publicUrl}/#/jobs/${job.shipmentId}`;
    const e = job.event;
    switch (e.type) {
      case 'shipment.offer.new':
        return offerMail(e.payload, job.dedupeKey.endsWith(':1'), job.locale, link, job.windows);
      case 'shipment.offer.accepted': {
        // The receipt as kept with the payment, not as the event told it.
        const receipt = job.shipmentId === null ? null : await payments.receiptFacts(job.shipmentId, job.userId);
        return receipt ? acceptedMail(receipt, job.locale, link, job.windows) : null;
      }
      case 'shipment.state.changed':
        return deliveredMail(e.payload, job.locale, link);
      case 'shipment.message.new':
        return chatUnreadMail(e.payload, job.locale, link);
      case 'user.registered':
        return job.role === 'driver' ? driverWelcomeMail(job.locale, `${publicUrl}/driver/`) : welcomeMail(job.locale, `${publicUrl}/`, `${publicUrl}/#/help`);
      case 'driver.verification.decided':
      case 'driver.document.expiring':
        return driverAccountMail(e, job.locale, `${publicUrl}/driver/`);
      case 'problem.reported':
      case 'problem.answered':
      case 'problem.decided':
        return problemMail(e, job.locale, job.role === 'driver' ? `${publicUrl}/driver/#/my-jobs/${job.shipmentId}` : link);
      case 'account.restricted':
      case 'account.restriction.lifted':
        return restrictionMail(e, job.locale, job.role === 'driver' ? `${publicUrl}/driver/` : `${publicUrl}/`);
      case 'company.invoice.status':
        return companyInvoiceMail(e.payload, job.locale, `${publicUrl}/#/account`);
      default:
        return null;
    }
  }

  /** Checks a job again (the user may have switched it off or read the chat), then sends it. */
  async function deliver(job: DueMailJob, chatsMailed: Set<string>): Promise<void> {
    const chatKey = `${job.userId}:${job.shipmentId}`;
    if (job.kind === 'chat_unread' && chatsMailed.has(chatKey)) return; // cancelled with the mail just sent
    if (job.kind !== 'welcome' && job.kind !== 'driver_account' && job.kind !== 'problem' && job.kind !== 'account' && job.kind !== 'company_invoice' && !(await settingsOf(db, job.userId))[job.kind]) return repo.cancel(db, job.id, now());
    if (job.event.type === 'shipment.message.new') {
      if (!(await repo.isUnread(db, job.userId, job.shipmentId!, job.event.payload.message_id))) return repo.cancel(db, job.id, now());
    }
    const mail = await render(job);
    if (!mail) return repo.cancel(db, job.id, now());
    try {
      await mailer.send({ to: job.email, ...mail });
    } catch (err) {
      const attempts = job.attempts + 1;
      const error = err instanceof Error ? err.message : String(err);
      if (attempts >= MAX_ATTEMPTS) {
        log.error({ err, mailJob: job.id, kind: job.kind, attempts }, 'mail given up');
        return repo.giveUp(db, job.id, attempts, error, now());
      }
      log.warn({ err, mailJob: job.id, kind: job.kind, attempts }, 'mail failed; will retry');
      return repo.retryLater(db, job.id, attempts, error, later(now(), BACKOFF_SECONDS[attempts - 1]!));
    }
    await repo.markSent(db, job.id, now());
    if (job.kind === 'chat_unread') {
      await repo.cancelPendingChat(db, job.userId, job.shipmentId!, now());
      chatsMailed.add(chatKey);
    }
  }

  /**
   * Claims due jobs: moves their send_after a lease ahead in a short transaction, so another
   * process skips them and a crash mid-send retries them once the lease ends.
   */
  const claimDue = (at: Date, leaseUntil: Date, limit: number): Promise<DueMailJob[]> =>
    db.transaction().execute(async (trx) => {
      const ids = await repo.lockDue(trx, at, limit);
      if (ids.length === 0) return [];
      await repo.lease(trx, ids, leaseUntil);
      return (await repo.dueJobs(trx, ids)).map(toDueMailJob);
    });

  async function sendDue(): Promise<void> {
    const chatsMailed = new Set<string>();
    for (;;) {
      const t = now();
      const jobs = await claimDue(t, later(t, LEASE_SECONDS), BATCH);
      for (const job of jobs) await deliver(job, chatsMailed);
      if (jobs.length < BATCH) return;
    }
  }

  let unsubscribe: (() => void) | null = null;
  const rounds = coalescedRounds(
    async () => {
      await consume();
      await sendDue();
    },
    log,
    'mail worker',
  );
  const run = rounds.run;

  return {
    settings: (userId: number): Promise<MailSettings> => settingsOf(db, userId),

    async updateSettings(userId: number, changes: Partial<MailSettings>): Promise<MailSettings> {
      await repo.saveSettings(db, userId, changes);
      return settingsOf(db, userId);
    },

    /** Makes and sends the mails due now (tests call it after `await app.eventHub.flush()`). */
    run,

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

export type MailsService = ReturnType<typeof mailsService>;
