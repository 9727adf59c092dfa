import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { localeFromAcceptLanguage } from '@vm/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { BASEMAP_FILE } from './geo-data/generated-data.ts';
import { type AdapterOverrides, selectAdapters } from './adapters/select-adapters.ts';
import type { Db, Listen } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import { ADMIN_TOKEN_FILE, type AppConfig } from './env.ts';
import { bearerToken } from './lib/request-context.ts';
import { adminRoutes, hashAdminToken } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import type { PasswordResetService } from './modules/auth/password-reset.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { startDemoDrivers } from './modules/demo-drivers/demo-drivers.ts';
import type { EventHub } from './modules/events/event-hub.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { jobRunner } from './modules/jobs/job-runner.ts';
import type { Jobs } from './modules/jobs/jobs.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { mailSettingsRoutes } from './modules/mails/mail-settings.routes.ts';
import type { MailsService } from './modules/mails/mails.service.ts';
import { billingRoutes } from './modules/payments/billing.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import { phoneRoutes } from './modules/phone/phone.routes.ts';
import { driverJobsRoutes } from './modules/driver-jobs/driver-jobs.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.ts';
import { priceBandRoutes } from './modules/price-band/price-band.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { socialLoginRoutes } from './modules/social-login/social-login.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import type { PrivacyService } from './modules/privacy/privacy.service.ts';
// Issue 21, job board
import { jobBoardRoutes } from './modules/job-board/job-board.routes.ts';
import { settlementRoutes } from './modules/settlement/settlement.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { cancellationsRoutes } from './modules/cancellations/cancellations.routes.ts';
import type { JobBoardService } from './modules/job-board/job-board.service.ts';
import type { SupportService } from './modules/support/support.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { driverAccountsRoutes } from './modules/driver-accounts/driver-accounts.routes.ts';
// Issue 21 part 4: Web Push.
import { pushRoutes } from './modules/push/push.routes.ts';
import type { PushService } from './modules/push/push.service.ts';
import type { DriverAccountsService } from './modules/driver-accounts/driver-accounts.service.ts';
// Staff sign-in and the audit log (issue 21, staff part)
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
// Issue 21 part 1: staff verify drivers (apps/ops), audited.
import { driverReviewRoutes } from './modules/driver-review/driver-review.routes.ts';
// Issue 23 part 2: support desk and restrictions.
import { restrictionsGate, restrictionsRoutes } from './modules/restrictions/restrictions.routes.ts';
import type { RestrictionsService } from './modules/restrictions/restrictions.service.ts';
// Issue 23 parts 2-3: finance approvals in the back office, audited.
import { opsFinanceRoutes } from './modules/ops-finance/ops-finance.routes.ts';
// Issue 21 part 3 (proofs, consignment note)
import { proofsRoutes } from './modules/proofs/proofs.routes.ts';
import { problemsRoutes } from './modules/problems/problems.routes.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { appMetrics, metricsPlugin } from './plugins/metrics.ts';
import { openApi } from './plugins/openapi.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { type ReadinessCheck, readiness } from './plugins/readiness.ts';
import { bodyTimeout } from './lib/body-timeout.ts';
import { requestGuards } from './plugins/request-guards.ts';
import { requestIdHeader, requestIdOptions } from './plugins/request-id.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { serveWebApps } from './plugins/web-apps.ts';
import { scheduleJobs } from './jobs.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import type { SettlementService } from './modules/settlement/settlement.service.ts';
import type { PayoutsService } from './modules/payouts/payouts.service.ts';
import type { InvoicesService } from './modules/invoices/invoices.service.ts';
import type { InvoicePaymentsService } from './modules/invoices/invoice-payments.service.ts';
import type { CancellationsService } from './modules/cancellations/cancellations.service.ts';
import type { RefundsService } from './modules/refunds/refunds.service.ts';
import { wireServices } from './services.ts';

/** Everything from outside the process; tests pass their own. */
export type AppDeps = AdapterOverrides & {
  config: AppConfig;
  db: Db;
  /** LISTEN on the database (DbHandle.listen): how this process hears of events other processes wrote. */
  listen: Listen;
  now?: () => Date;
  /** Where log lines go (default stdout); tests capture them to check what is never logged. */
  logStream?: { write: (line: string) => void };
  logger?: false;
  /**
   * The in-memory caches that spare a polled request its database round trips (access tokens, list
   * versions); on unless switched off. bench:api switches them off to measure the path without them.
   */
  memoryCaches?: boolean;
  /** More for /readyz than the database, its migrations and the event listener (Redis, say). */
  readinessChecks?: ReadinessCheck[];
};

const MAX_BODY_BYTES = 1024 * 1024;
/** A tracking page asks every 10 s: 120 a minute leaves room for a family or an office behind one address. */
const TRACKING_PER_IP_PER_MINUTE = 120;

/** ADMIN_TOKEN, or a fresh random one written (owner-only) where `npm run admin` finds it. */
function adminToken(config: AppConfig): string {
  if (config.adminToken) return config.adminToken;
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(config.dataDir, ADMIN_TOKEN_FILE), token, { mode: 0o600 });
  return token;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo drivers when on (tests drive their tick by hand). */
    demoDrivers: Awaited<ReturnType<typeof startDemoDrivers>> | null;
    /** This process's event dispatcher (tests flush it to see their events at once). */
    eventHub: EventHub;
    /** Makes mails from events and sends them (tests call its run() after flushing the hub). */
    mailWorker: Pick<MailsService, 'run'>;
    /** Sends the contact form's kept requests to the support address (tests call its run()). */
    supportMail: Pick<SupportService, 'run'>;
    /** Tests run the daily document check by hand (staff's decisions go through /api/ops/drivers). */
    driverAccounts: Pick<DriverAccountsService, 'announceExpiries'>;
    /** Issue 21, job board: tells matching drivers of new jobs from events (tests call its run() after flushing the hub). */
    jobBoardWorker: Pick<JobBoardService, 'run'>;
    /** Issue 21 part 4: makes and sends the drivers' pushes (tests call its run() after flushing the hub). */
    pushWorker: Pick<PushService, 'run'>;
    /** Every route registered, as 'METHOD /path' (the OpenAPI and fuzz tests check them all). */
    routeList: { method: string; url: string }[];
    /** Reset mails are sent after the answer; tests await them with settled(). */
    passwordResets: Pick<PasswordResetService, 'settled'>;
    /** The scheduled expiry check, run now (tests). */
    reportExpired: () => Promise<number>;
    /** The job runner's queued runs (for /metrics). */
    jobs: Pick<Jobs, 'queueDepth'>;
    /** Recovery: settles payments a request left pending (start-up and the jobs runner call it; tests too). */
    settleStalePayments: PaymentsService['settleStalePayments'];
    /** Issue 22: the ledger (its balances and invariants) and the release of held money (the timer's run; tests and the admin command call them). */
    ledger: Pick<LedgerService, 'balance' | 'heldFor' | 'check'>;
    settlement: Pick<SettlementService, 'release' | 'releaseDue'>;
    /** Issue 22 part 3: the payout job's run (tests call it). */
    payouts: Pick<PayoutsService, 'run'>;
    /** Issue 22 part 5: the invoices' sweep (the job's run; tests call it and wait for the nudged runs). */
    invoices: Pick<InvoicesService, 'issueDue' | 'sendPending' | 'settled'>;
    invoicePayments: Pick<InvoicePaymentsService, 'remind'>;
    cancellations: Pick<CancellationsService, 'driverCancellations'>;
    /** Refunds a provider could not take yet (the job's run; tests call it). */
    refunds: Pick<RefundsService, 'settlePending'>;
    /** Issue 23 part 2: the proposal job's run (tests call it). */
    restrictions: Pick<RestrictionsService, 'propose'>;
    /** Issue 23 part 4: the retention job's run (tests call it). */
    privacy: Pick<PrivacyService, 'sweepRetention'>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    // Starting the job runner (pg-boss creates its schema and a queue per job) is an onReady hook:
    // on a busy 2-core machine it took over Fastify's 10 s default and the process gave up starting.
    pluginTimeout: 60_000,
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // A request must arrive whole within requestTimeoutMs, or Node answers 408 and closes the
    // connection: a body trickled in byte by byte would otherwise hold it open for ever (Fastify's
    // default is no limit). Headers alone get at most as long. Node looks for late requests every
    // connectionsCheckingInterval (30 s by default): a quarter of the timeout cuts within 1.25 times it.
    // An event stream is not affected: its GET request is whole at once; only the answer goes on.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    logger: deps.logger ?? loggerOptions(config, deps.logStream),
    ...requestIdOptions(config.trustProxy),
  });
  requestIdHeader(app);
  // First of the hooks, so that no route or guard answering early leaves a stalled body its connection.
  bodyTimeout(app, config.bodyTimeoutMs);
  // Made before the services so that they can be handed its hooks (metrics.paymentOutcome).
  const metrics = appMetrics();
  const routeList: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const adapters = await selectAdapters(deps, app.log);
  await adapters.fileStore.open?.(); // a missing S3 bucket stops the start with a clear error
  const services = await wireServices({
    db,
    listen: deps.listen,
    config,
    now,
    adapters,
    log: app.log,
    memoryCaches: deps.memoryCaches !== false,
    onClose: (fn) => void app.addHook('onClose', fn),
    preClose: (fn) => void app.addHook('preClose', fn),
    onPaymentOutcome: metrics.paymentOutcome,
  });
  const { hub, events, streams, caching, auth, phone, users, social, files, shipments, offers, driverJobs, payments, chat, mails, resets, support, tracking } = services;
  const { phoneVerifier, captcha, geocoder, router, timeZones, paymentProvider } = adapters;
  const limits = config.rateLimits;
  app.decorate('passwordResets', resets);

  // Stripe Elements (card entry in the browser) needs Stripe's script, frames and API.
  const stripeElements = paymentProvider.name === 'stripe' && paymentProvider.publishableKey !== null;
  securityHeaders(app, config, stripeElements);
  requestGuards(app);
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 10 } });
  await rateLimits(app, services.rateLimits);

  app.decorateRequest('auth', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('locale', 'nl');
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromAcceptLanguage(req.headers['accept-language']);
    const token = bearerToken(req);
    // /api/ops takes staff sessions only, and every other route users' tokens only (decision 0025).
    if (req.url.startsWith('/api/ops/')) req.staff = token ? await services.staff.authenticate(token) : null;
    else req.auth = token ? await auth.authenticate(token) : null;
  });

  errorHandler(app);

  await openApi(app, '1.0.0');
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  readiness(app, {
    checks: [
      { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
      {
        name: 'migrations',
        check: async () => {
          const pending = await pendingMigrations(db);
          if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
        },
      },
      {
        name: 'events',
        check: async () => {
          if (!hub.connected()) throw new Error('event listener not connected');
        },
      },
      // The shared rate-limit store: Redis when configured (else the database, checked above).
      ...(config.redisUrl ? [{ name: 'redis', check: () => services.rateLimits.ping() }] : []),
      ...(deps.readinessChecks ?? []),
    ],
  });
  // Scheduled work (src/jobs.ts): once across processes on PostgreSQL, on timers on PGlite.
  const jobs = jobRunner({ databaseUrl: config.databaseUrl, log: app.log });
  metricsPlugin(app, { metrics, token: config.metricsToken, db, hub, streams, now, queueDepth: jobs.queueDepth });

  await app.register(authRoutes, { auth, perIpLimit: limits.tokenPerIp, windowSeconds: limits.tokenWindow });
  await app.register(passwordResetRoutes, { resets, perIpLimit: limits.resetPerIp });
  await app.register(phoneRoutes, { phone, captcha, perIpLimit: limits.smsPerIp, windowSeconds: limits.smsWindow });
  await app.register(usersRoutes, { users, social, now });
  await app.register(driverAccountsRoutes, { driverAccounts: services.driverAccounts, now });
  await app.register(socialLoginRoutes, { social, perIpLimit: limits.tokenPerIp, windowSeconds: limits.tokenWindow });
  await app.register(eventsRoutes, { events, streams });
  await app.register(mailSettingsRoutes, { mails });
  await app.register(filesRoutes, { files, auth });
  await app.register(shipmentsRoutes, { shipments, events, versionCache: caching, beforeCancel: payments.stopWaitingFor, cancel: services.cancellations.senderCancel });
  await app.register(driverJobsRoutes, { driverJobs });
  // Issue 21 part 3 (proofs, consignment note)
  await app.register(proofsRoutes, { proofs: services.proofs, auth, now });
  // Issue 21, job board
  await app.register(jobBoardRoutes, { jobBoard: services.jobBoard });
  await app.register(settlementRoutes, { settlement: services.settlement, payouts: services.payouts });
  await app.register(cancellationsRoutes, { cancellations: services.cancellations });
  await app.register(invoicesRoutes, { invoices: services.invoices, invoicePayments: services.invoicePayments, auth });
  await app.register(offersRoutes, { offers });
  await app.register(chatRoutes, { chat });
  await app.register(paymentsRoutes, { payments, provider: paymentProvider });
  await app.register(billingRoutes, { payments, provider: paymentProvider });
  // Issue 22 part 6: the payout provider's webhook, when a secret is configured.
  await app.register(payoutsRoutes, { payouts: services.payouts, provider: adapters.payoutProvider });
  await app.register(adminRoutes, {
    deps: { users, driverAccounts: services.driverAccounts, staff: services.staff, audit: services.audit, proofs: services.proofs, ledger: services.ledger, reconciliation: services.reconciliation, settlement: services.settlement, payouts: services.payouts, cancellations: services.cancellations, opsFinance: services.opsFinance, publicUrl: config.publicUrl, now },
    adminTokenHash: hashAdminToken(adminToken(config)),
  });
  // Staff sign-in and the audit log (issue 21, staff part)
  await app.register(staffRoutes, { staff: services.staff, perIpLimit: config.staff.signInPerIp, windowSeconds: config.staff.signInWindow });
  await app.register(auditRoutes, { audit: services.audit });
  // Issue 21 part 1: staff verify drivers (apps/ops), audited.
  await app.register(driverReviewRoutes, { driverReview: services.driverReview });
  await app.register(problemsRoutes, { problems: services.problems, auth });
  // Issue 23 part 2: support desk and restrictions; the gate checks every user's request against their standing.
  await app.register(restrictionsRoutes, { restrictions: services.restrictions });
  restrictionsGate(app, services.restrictions);
  app.decorate('restrictions', services.restrictions);
  // Issue 23 parts 2-3: finance approvals in the back office, audited.
  await app.register(opsFinanceRoutes, { opsFinance: services.opsFinance });
  if (config.staff.demo) await services.staff.seedDemo();
  await app.register(supportRoutes, { support, perIpLimit: limits.supportPerIp });
  await app.register(privacyRoutes, { privacy: services.privacy, auth, now });
  app.decorate('privacy', services.privacy);
  await app.register(trackingRoutes, { tracking, perIpLimit: TRACKING_PER_IP_PER_MINUTE });
  // Issue 21 part 4: Web Push.
  await app.register(pushRoutes, { push: services.push });
  await app.register(priceBandRoutes, { priceBand: services.priceBand });
  await app.register(geoRoutes, { geocoder, timeZones, perIpLimit: config.geo.ratePerIp, basemapFile: BASEMAP_FILE });
  await app.register(configRoutes, {
    config,
    social: { facebook: social.enabled('facebook'), oidc: social.enabled('oidc') },
    providers: { sms: phoneVerifier.name, geocoder: geocoder.name, router: router.name },
    payments: { provider: paymentProvider.name, testMode: paymentProvider.testMode, publishableKey: paymentProvider.publishableKey },
  });

  await serveWebApps(app, config.webDists);

  app.decorate('reportExpired', shipments.reportExpired);
  app.decorate('settleStalePayments', payments.settleStalePayments);

  const demo = config.demoDrivers ? await startDemoDrivers({ db, shipments, offers, driverJobs, proofs: services.proofs, users, driverAccounts: services.driverAccounts, chat, now, log: app.log, config: config.demoDrivers }) : null;
  if (demo) app.addHook('onClose', () => demo.stop());

  app.decorate('demoDrivers', demo);
  app.decorate('eventHub', hub);
  await mails.start(hub);
  app.addHook('onClose', () => mails.stop());
  app.decorate('mailWorker', { run: mails.run });
  app.decorate('supportMail', { run: support.run });
  // Issue 21 part 4: Web Push.
  await services.push.start(hub);
  app.addHook('onClose', () => services.push.stop());
  app.decorate('pushWorker', { run: services.push.run });
  app.decorate('driverAccounts', services.driverAccounts);
  // Issue 21, job board: the consumer that tells matching drivers of new jobs.
  await services.jobBoard.start(hub);
  app.addHook('onClose', () => services.jobBoard.stop());
  app.decorate('jobBoardWorker', { run: services.jobBoard.run });
  app.decorate('ledger', services.ledger);
  app.decorate('settlement', services.settlement);
  app.decorate('payouts', services.payouts);
  app.decorate('invoices', services.invoices);
  app.decorate('invoicePayments', services.invoicePayments);
  app.decorate('cancellations', services.cancellations);
  app.decorate('refunds', services.refunds);

  // The jobs start when the app is ready and stop first on close (onClose runs last-added first).
  scheduleJobs(jobs, { services, now, demoDrivers: demo, moneyJobSeconds: config.testHooks.moneyJobSeconds });
  app.decorate('jobs', { queueDepth: jobs.queueDepth });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return app;
}
