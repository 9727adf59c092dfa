import type { Jobs } from './modules/jobs/jobs.ts';
import { MAIL_WAKE_SECONDS } from './modules/mails/mails.service.ts';
import { BOARD_WAKE_SECONDS } from './modules/job-board/job-board.service.ts';
import { PUSH_WAKE_SECONDS } from './modules/push/push.service.ts';
import type { Services } from './services.ts';

/**
 * Every scheduled job, in one list. Each runs once per period across all processes on
 * PostgreSQL (pg-boss) and on a timer in the embedded mode (modules/jobs).
 */
export function scheduleJobs(
  jobs: Jobs,
  deps: { services: Services; now: () => Date; demoDrivers: { tick: () => Promise<void> } | null; moneyJobSeconds?: number | null },
): void {
  const { services, now, demoDrivers } = deps;
  // The kill -9 test runs the release and payout jobs every few seconds (TEST_MONEY_JOB_SECONDS, never in production).
  const money = (seconds: number) => deps.moneyJobSeconds ?? seconds;
  const { auth, events, shipments, mails, files, payments, support, driverAccounts, push } = services;
  const HOUR = 3600;
  const MINUTE = 60;

  // Expired tokens and old events are useless; sweeping them keeps the tables small.
  jobs.schedule('token-sweep', HOUR, () => auth.deleteExpired());
  jobs.schedule('event-sweep', HOUR, () => events.sweep());
  // Expired shipments are reported by their events (the event key makes each report once).
  jobs.schedule('expiry-check', MINUTE, () => shipments.reportExpired());
  // The mail worker's periodic run: other processes' events, retries, the chat mails that wait.
  // (Each process also runs it on every event it hears; the outbox lease keeps sending once.)
  jobs.schedule('mail-wake', MAIL_WAKE_SECONDS, () => mails.run());
  // Contact requests not yet mailed to support: retries, and those a process that died left behind.
  jobs.schedule('support-mail', MAIL_WAKE_SECONDS, () => support.run());
  // The demo drivers read the database on each tick, so one tick per second anywhere is enough.
  if (demoDrivers) jobs.schedule('demo-drivers-tick', 1, () => demoDrivers.tick());
  // Payments a dead process left pending: charged again with their own key, or released (server.ts
  // also runs this once at start-up).
  jobs.schedule('settle-stale-payments', MINUTE, () => payments.settleStalePayments());
  // Issue 21, job board: new jobs told to matching drivers, for events other processes heard first.
  jobs.schedule('job-board-wake', BOARD_WAKE_SECONDS, () => services.jobBoard.run());
  // Files without an image row (an upload that died before its row) and leftover .tmp files.
  jobs.schedule('sweep-orphan-files', HOUR, () => files.sweepOrphans(now()));
  // Drivers' documents are announced 30 and 7 days before they expire (each notice once, so an
  // hourly run catches a day a stopped server missed).
  jobs.schedule('document-expiry-notices', HOUR, () => driverAccounts.announceExpiries());
  // Issue 21 part 4: drivers' pushes, as the mail worker: other processes' events and retries
  // (each process also runs it on every event it hears; the lease keeps each push sent once).
  jobs.schedule('push-wake', PUSH_WAKE_SECONDS, () => push.run());
  jobs.schedule('push-sweep', HOUR, () => push.sweep());
  // Issue 22: held money goes to drivers when the sender confirmed, or 24 hours after a delivery
  // with proof and no problem; the ledger's invariants are checked every hour (a breach is logged).
  jobs.schedule('release-due', money(MINUTE), () => services.settlement.releaseDue());
  // The ledger's invariants, then the ledger against the providers (a charge it lacks is refunded).
  jobs.schedule('ledger-check', HOUR, async () => {
    await services.ledger.checkAndLog();
    await services.reconciliation.reconcileAndLog();
  });
  // Weekly payouts on Mondays (Belgian time), open payouts settled, a failed one retried after an IBAN change.
  jobs.schedule('payouts', money(5 * MINUTE), () => services.payouts.run());
  // Issue 22 part 5: invoices for payments and self-billed invoices for releases that have none yet
  // (each process also writes them right after a payment or a release).
  jobs.schedule('invoices', MINUTE, () => services.invoices.issueDue());
  // ... and hands their UBL to the Peppol access point (a document it could not take waits here).
  jobs.schedule('peppol-send', 5 * MINUTE, () => services.invoices.sendPending());
  // Invoices paid by transfer and still unpaid after their due date: a reminder, then every two weeks.
  jobs.schedule('invoice-reminders', HOUR, () => services.invoicePayments.remind());
  // Issue 22 part 4: refunds a payment provider could not take at the cancellation, again with their own keys.
  jobs.schedule('refunds', MINUTE, () => services.refunds.settlePending());
  // Issue 23: staff's decisions on problems whose money a stopped process left unmoved.
  jobs.schedule('problem-decisions', MINUTE, () => services.problems.settleDecided());
  // Issue 23 part 2: drivers who gave back 3 or more accepted jobs in 90 days are proposed to staff for a restriction (never restricted by this).
  jobs.schedule('restriction-proposals', HOUR, () => services.restrictions.propose());
  // Issue 23 part 4: positions and chat of jobs ended longer ago than RETENTION_*_MONTHS go (decision 0035).
  jobs.schedule('retention', HOUR, () => services.privacy.sweepRetention());
}
