import type { Adapters } from './adapters/select-adapters.ts';
import type { Db, Listen } from './db/database.ts';
import type { AppConfig } from './env.ts';
import { rateLimitStore } from './lib/rate-limiter.ts';
import { accessTokenCache } from './modules/auth/access-token-cache.ts';
import { authService } from './modules/auth/auth.service.ts';
import { passwordResetService } from './modules/auth/password-reset.service.ts';
import { chatService } from './modules/chat/chat.service.ts';
import { eventHub } from './modules/events/event-hub.ts';
import { eventsService } from './modules/events/events.service.ts';
import { sseStreams } from './modules/events/sse-streams.ts';
import { filesService } from './modules/files/files.service.ts';
import { mailsService } from './modules/mails/mails.service.ts';
import { ledgerService } from './modules/ledger/ledger.service.ts';
import { paymentsService } from './modules/payments/payments.service.ts';
import { settlementService } from './modules/settlement/settlement.service.ts';
import { payoutsService } from './modules/payouts/payouts.service.ts';
import { invoicesService } from './modules/invoices/invoices.service.ts';
import { invoicePaymentsService } from './modules/invoices/invoice-payments.service.ts';
import { cancellationsService } from './modules/cancellations/cancellations.service.ts';
import { refundsService } from './modules/refunds/refunds.service.ts';
import { reconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { phoneService } from './modules/phone/phone.service.ts';
import { shipmentsService } from './modules/shipments/shipments.service.ts';
import { offersService } from './modules/offers/offers.service.ts';
import { driverJobsService } from './modules/driver-jobs/driver-jobs.service.ts';
import { priceBandService } from './modules/price-band/price-band.service.ts';
import { trackingService } from './modules/tracking/tracking.service.ts';
import { usersService } from './modules/users/users.service.ts';
import { driverAccountsService } from './modules/driver-accounts/driver-accounts.service.ts';
import { facebookProvider, oidcProvider } from './modules/social-login/providers.ts';
import { socialLoginService } from './modules/social-login/social-login.service.ts';
import { supportService } from './modules/support/support.service.ts';
// Staff sign-in and the audit log (issue 21, staff part)
import { auditService } from './modules/audit/audit.service.ts';
import { staffService } from './modules/staff/staff.service.ts';
// Issue 21 part 3 (proofs, consignment note)
import { noteSeal } from './modules/proofs/note-seal.ts';
import { proofsService } from './modules/proofs/proofs.service.ts';
// Issue 21, job board
import { jobBoardService } from './modules/job-board/job-board.service.ts';
// Issue 21 part 4: Web Push.
import { pushService } from './modules/push/push.service.ts';
// Issue 21 part 1: staff verify drivers (apps/ops), audited.
import { driverReviewService } from './modules/driver-review/driver-review.service.ts';
import { problemsService } from './modules/problems/problems.service.ts';
// Issue 23 part 2: support desk and restrictions.
import { restrictionsService } from './modules/restrictions/restrictions.service.ts';
// Issue 23 parts 2-3: finance approvals in the back office, audited.
import { opsFinanceService } from './modules/ops-finance/ops-finance.service.ts';
// Issue 23 part 4: people's rights over their data.
import { privacyService } from './modules/privacy/privacy.service.ts';

type Log = Parameters<typeof eventHub>[0]['log'] & { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

type Deps = {
  db: Db;
  listen: Listen;
  config: AppConfig;
  now: () => Date;
  adapters: Adapters;
  log: Log;
  memoryCaches: boolean;
  /** Lifecycle: run at close, and before the server waits for its connections to close. */
  onClose: (fn: () => Promise<void>) => void;
  preClose: (fn: () => Promise<void>) => void;
  /** Counts each payment's outcome once, in the process that wrote it (/metrics). */
  onPaymentOutcome: (method: string, outcome: 'succeeded' | 'failed') => void;
};

/** The one place that wires services and adapters together (a service imports its own repository). */
export async function wireServices({ db, listen, config, now, adapters, log, memoryCaches, onClose, preClose, onPaymentOutcome }: Deps) {
  const { phoneVerifier, mailer, fileStore, router, timeZones, paymentProvider, vatRegistry, pushSender, payoutProvider, accessPoint } = adapters;
  const limits = config.rateLimits;
  const rateLimits = rateLimitStore({ redisUrl: config.redisUrl, db, now, log, prefix: `${config.redisKeyPrefix}rl:` });
  onClose(() => rateLimits.close());
  const hub = eventHub({ db, listen, log: log });
  await hub.start();
  onClose(() => hub.stop());
  const events = eventsService({ db, hub, now });
  // The audit log (issue 21, staff part): made early, so any service acting for staff can take it.
  const audit = auditService({ db, now });
  const streams = sseStreams({ perUser: config.sseStreamsPerUser });
  // Open streams end before the server waits for its connections to close (SIGTERM).
  preClose(async () => streams.closeAll());
  // A revocation reaches this process's token cache at once and every other process by its event.
  const caching = memoryCaches;
  const tokenCache = accessTokenCache(now);
  hub.onEvent((e) => e.push.type === 'session.revoked' && tokenCache.forgetUser(e.userId));
  const auth = authService({
    db,
    events,
    cache: caching ? tokenCache : null,
    now,
    accessTtl: config.tokens.accessTtl,
    refreshTtl: config.tokens.refreshTtl,
    refreshReuseGraceSeconds: config.tokens.refreshReuseGraceSeconds,
    usernameLimiter: rateLimits.limiter('token', limits.tokenPerUsername, limits.tokenWindow),
  });
  const phone = phoneService({ db, verifier: phoneVerifier, now, perNumber: rateLimits.limiter('sms', limits.smsPerNumber, limits.smsWindow) });
  const users = usersService({ db, phone, events, now, vatRegistry, log });
  const driverAccounts = driverAccountsService({ db, users, events, store: fileStore, now, commissionPercent: config.commissionPercent });
  const files = filesService({ db, store: fileStore, log: log, attachTo: { profile_picture: users.setProfileImage } });
  const shipments = shipmentsService({ db, files, events, router, timeZones, now });
  const offers = offersService({ db, shipments, driverAccounts, events, now, commissionPercent: config.commissionPercent });
  // Issue 22: the ledger, and money held until delivery then released to the driver.
  const ledger = ledgerService({ db, now, log });
  // Issue 22 part 5: invoices of record, written after each payment and release (and by the job).
  const invoices = invoicesService({ db, now, log, platform: config.platform, commissionPercent: config.commissionPercent, accessPoint });
  onClose(() => invoices.settled());
  const invoicePayments = invoicePaymentsService({ db, ledger, audit, mailer, platform: config.platform, now, log });
  const settlement = settlementService({ db, ledger, shipments, now, log, commissionPercent: config.commissionPercent, afterRelease: invoices.nudge });
  // Refunds of every cause; a refund's credit note is written right after it.
  const refunds = refundsService({ db, shipments, ledger, provider: paymentProvider, now, log, afterRefund: invoices.nudge });
  const payouts = payoutsService({ db, ledger, provider: payoutProvider, now, log });
  // Issue 21 part 3 (proofs, consignment note): a state change to loaded/delivered asks for its proof.
  const proofs = proofsService({
    db,
    store: fileStore,
    files,
    shipments,
    seal: noteSeal({ db, configuredKey: config.noteSealKey, now }),
    now,
    log,
    onConfirmed: { release: settlement.releaseOnConfirmation, released: settlement.released },
  });
  const driverJobs = driverJobsService({ db, shipments, offers, proofs, events, router, now, log: log });
  const payments = paymentsService({ db, provider: paymentProvider, shipments, offers, settlement, refunds, users, events, publicUrl: config.publicUrl, now, log: log, cardAttempts: rateLimits.limiter('card', limits.cardAttemptsPerHour, 3600), onOutcome: (method, outcome) => {
      onPaymentOutcome(method, outcome);
      if (outcome === 'succeeded') invoices.nudge();
    },
  });
  // The ledger against the payment and payout providers.
  const reconciliation = reconciliationService({ db, paymentProvider, payoutProvider, payments, now, log });
  // Cancelling (free, then by the ladder) and staff's refunds.
  const cancellations = cancellationsService({ db, shipments, settlement, refunds, ledger, events, now, log });
  const chat = chatService({ db, events, limiter: rateLimits.limiter('chat', limits.chatPerMinute, 60), now });
  const mails = mailsService({ db, mailer, payments, publicUrl: config.publicUrl, now, log: log });
  // Issue 21 part 4: Web Push to drivers, made from events like the mails.
  const push = pushService({ db, sender: pushSender, now, log });
  const resets = passwordResetService({ db, auth, mailer, publicUrl: config.publicUrl, now, log: log });
  onClose(() => resets.settled());
  const support = supportService({ db, mailer, shipments, supportEmail: config.supportEmail, limiter: rateLimits.limiter('support', limits.supportPerSender, 3600), now, log });
  onClose(() => support.settled());
  const tracking = trackingService({ db, shipments, router, publicUrl: config.publicUrl, now, log });
  const priceBand = priceBandService({ db });
  // Issue 21, job board
  const jobBoard = jobBoardService({ db, driverJobs, events, now, log });
  const { facebook, oidc, timeoutMs } = config.social;
  const social = socialLoginService({
    db,
    providers: { ...(facebook ? { facebook: facebookProvider(facebook, timeoutMs) } : {}), ...(oidc ? { oidc: oidcProvider(oidc, timeoutMs) } : {}) },
    auth,
    users,
    files,
    publicUrl: config.publicUrl,
    timeoutMs,
    now,
    log,
  });
  // Staff sign-in (issue 21, staff part)
  const { rpId, rpName, origins, signInPerEmail, signInWindow } = config.staff;
  const staff = staffService({ db, audit, now, webauthn: { rpId, rpName, origins }, limiter: rateLimits.limiter('staff-sign-in', signInPerEmail, signInWindow) });
  // Issue 21 part 1: staff verify drivers (apps/ops), audited.
  const driverReview = driverReviewService({ db, driverAccounts, audit, givenBack: cancellations.driverCancellations });
  const problems = problemsService({ db, store: fileStore, files, shipments, proofs, settlement, cancellations, ledger, events, audit, now, log });
  // Issue 23 part 2: restrictions; every process forgets a user's cached standing when their restriction changes.
  const restrictions = restrictionsService({ db, now, audit, recordEvents: events.record, givenBack: cancellations.driverCancellations, caching, log });
  hub.onEvent((e) => (e.push.type === 'account.restricted' || e.push.type === 'account.restriction.lifted') && restrictions.forget(e.userId));
  // Issue 23 parts 2-3: finance approvals in the back office, audited.
  const opsFinance = opsFinanceService({ db, users, payouts, settlement, invoicePayments, audit });
  // Issue 23 part 4: data export, account deletion, retention (decision 0035).
  const privacy = privacyService({ db, store: fileStore, auth, shipments, ledger, invoices, retention: config.retention, now, log });
  return { privacy, refunds, reconciliation, restrictions, opsFinance, ledger, settlement, payouts, invoices, invoicePayments, cancellations, driverReview, problems, audit, staff, social, rateLimits, hub, events, streams, caching, tokenCache, auth, phone, users, files, shipments, offers, driverJobs, payments, chat, mails, resets, support, tracking, priceBand, driverAccounts, proofs, jobBoard, push };
}

export type Services = Awaited<ReturnType<typeof wireServices>>;
