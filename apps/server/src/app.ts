import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { localeFromAcceptLanguage } from '@vm/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Captcha, noCaptcha, recaptcha } from './adapters/captcha/captcha.ts';
import type { Geocoder, Router } from './adapters/geo/geo.ts';
import { selectGeo } from './adapters/geo/select.ts';
import { geoTzTimeZones } from './adapters/geo/timezones.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import { outboxMailer } from './adapters/mail/outbox-mailer.ts';
import { smtpMailer } from './adapters/mail/smtp-mailer.ts';
import { logPhoneVerifier } from './adapters/sms/log-phone-verifier.ts';
import type { PhoneVerifier } from './adapters/sms/phone-verifier.ts';
import { twilioPhoneVerifier } from './adapters/sms/twilio-phone-verifier.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';
import { sandboxPaymentProvider } from './adapters/payments/sandbox-payment-provider.ts';
import { stripePaymentProvider } from './adapters/payments/stripe-payment-provider.ts';
import type { FileStore } from './adapters/storage/file-store.ts';
import { localFileStore } from './adapters/storage/local-file-store.ts';
import type { Db, Listen } from './db/database.ts';
import { ADMIN_TOKEN_FILE, type AppConfig } from './env.ts';
import { ApiError } from './lib/errors.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { openApi } from './plugins/openapi.ts';
import { requestGuards } from './plugins/request-guards.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { bearerToken } from './lib/request-context.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { accessTokenCache } from './modules/auth/access-token-cache.ts';
import { passwordResetRepository } from './modules/auth/password-reset.repository.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { type PasswordResetService, passwordResetService } from './modules/auth/password-reset.service.ts';
import { chatRepository } from './modules/chat/chat.repository.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatService } from './modules/chat/chat.service.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { BASEMAP_FILE } from '../scripts/extract-basemap.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { adminRoutes, hashAdminToken } from './modules/admin/admin.routes.ts';
import { startDemoDrivers } from './modules/demo-drivers/demo-drivers.ts';
import { billingRoutes } from './modules/payments/billing.routes.ts';
import { paymentsRepository } from './modules/payments/payments.repository.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsService } from './modules/payments/payments.service.ts';
import { driverRoutes } from './modules/shipments/driver.routes.ts';
import { shipmentsRepository } from './modules/shipments/shipments.repository.ts';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.ts';
import { shipmentsService } from './modules/shipments/shipments.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { filesService } from './modules/files/files.service.ts';
import { imagesRepository } from './modules/files/images.repository.ts';
import { type EventHub, eventHub } from './modules/events/event-hub.ts';
import { eventsRepository } from './modules/events/events.repository.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { eventsService } from './modules/events/events.service.ts';
import { sseStreams } from './modules/events/sse-streams.ts';
import { trackingRepository } from './modules/tracking/tracking.repository.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { trackingService } from './modules/tracking/tracking.service.ts';
import { mailSettingsRoutes } from './modules/mails/mail-settings.routes.ts';
import { mailsRepository } from './modules/mails/mails.repository.ts';
import { type MailsService, mailsService } from './modules/mails/mails.service.ts';
import { phoneRepository } from './modules/phone/phone.repository.ts';
import { phoneRoutes } from './modules/phone/phone.routes.ts';
import { phoneService } from './modules/phone/phone.service.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersService } from './modules/users/users.service.ts';

/** Everything from outside the process; tests pass their own. */
export type AppDeps = {
  config: AppConfig;
  db: Db;
  /** LISTEN on the database (DbHandle.listen): how this process hears of events other processes wrote. */
  listen: Listen;
  now?: () => Date;
  phoneVerifier?: PhoneVerifier;
  mailer?: Mailer;
  fileStore?: FileStore;
  captcha?: Captcha;
  geocoder?: Geocoder;
  router?: Router;
  paymentProvider?: PaymentProvider;
  /** Where log lines go (default stdout); tests capture them to check what is never logged. */
  logStream?: { write: (line: string) => void };
  logger?: false;
  /**
   * The in-memory caches that spare a polled request its database round trips (access tokens, list
   * versions); on unless switched off. bench:api switches them off to measure the path without them.
   */
  memoryCaches?: boolean;
};

const MAX_BODY_BYTES = 1024 * 1024;
/** A tracking page asks every 10 s: 120 a minute leaves room for a family or an office behind one address. */
const TRACKING_PER_IP_PER_MINUTE = 120;

function selectPaymentProvider(config: AppConfig): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe') {
    return stripePaymentProvider({ secretKey: p.secretKey, publishableKey: p.publishableKey, webhookSecret: p.webhookSecret, apiBase: p.apiBase ?? undefined });
  }
  return sandboxPaymentProvider({ publicUrl: config.publicUrl, webhookSecret: p.webhookSecret ?? `whsec_sandbox_${randomBytes(16).toString('hex')}` });
}

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
    /** Every route registered, as 'METHOD /path' (the OpenAPI and fuzz tests check them all). */
    routeList: { method: string; url: string }[];
    /** Reset mails are sent after the answer; tests await them with settled(). */
    passwordResets: Pick<PasswordResetService, 'settled'>;
    /** The scheduled expiry check, run now (tests). */
    reportExpired: () => Promise<number>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    logger: deps.logger ?? loggerOptions(config, deps.logStream),
  });
  const routeList: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const phoneVerifier =
    deps.phoneVerifier ?? (config.twilio ? twilioPhoneVerifier(config.twilio) : logPhoneVerifier(app.log));
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom));
  const fileStore = deps.fileStore ?? localFileStore(path.join(config.dataDir, 'files'));
  const captcha = deps.captcha ?? (config.captcha.provider === 'recaptcha' && config.captcha.secret ? recaptcha(config.captcha.secret) : noCaptcha);

  const selected = deps.geocoder && deps.router ? null : selectGeo(config);
  const geocoder = deps.geocoder ?? selected!.geocoder;
  const router = deps.router ?? selected!.router;
  const timeZones = geoTzTimeZones();

  const limits = config.rateLimits;
  const eventsRepo = eventsRepository(db);
  const hub = eventHub({ repo: eventsRepo, listen: deps.listen, log: app.log });
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  const events = eventsService({ db, repo: eventsRepo, hub, now });
  const streams = sseStreams();
  // Open streams end before the server waits for its connections to close (SIGTERM).
  app.addHook('preClose', async () => streams.closeAll());
  // A revocation reaches this process's token cache at once and every other process by its event.
  const caching = deps.memoryCaches !== false;
  const tokenCache = accessTokenCache(now);
  hub.onEvent((e) => e.push.type === 'session.revoked' && tokenCache.forgetUser(e.userId));
  const authRepo = authRepository(db, async (trx, userId) => {
    tokenCache.forgetUser(userId);
    await events.record(trx, [{ userId, type: 'session.revoked', shipmentId: null, payload: {} }]);
  });
  const auth = authService({
    repo: authRepo,
    cache: caching ? tokenCache : null,
    now,
    accessTtl: config.tokens.accessTtl,
    refreshTtl: config.tokens.refreshTtl,
    usernameLimiter: new RateLimiter(limits.tokenPerUsername, limits.tokenWindow),
  });
  const phone = phoneService({ repo: phoneRepository(db), verifier: phoneVerifier, now, perNumber: new RateLimiter(limits.smsPerNumber, limits.smsWindow) });
  const users = usersService({ db, repo: usersRepository(db), phone, events, now });
  const files = filesService({ db, repo: imagesRepository(db), store: fileStore, log: app.log, attachTo: { profile_picture: users.setProfileImage } });
  const shipments = shipmentsService({ db, repo: shipmentsRepository(db), files, events, router, timeZones, now, log: app.log });
  const paymentProvider = deps.paymentProvider ?? selectPaymentProvider(config);
  const payments = paymentsService({ db, repo: paymentsRepository(db), provider: paymentProvider, shipments, users, events, publicUrl: config.publicUrl, now, log: app.log, cardAttempts: new RateLimiter(limits.cardAttemptsPerHour, 3600) });
  const chat = chatService({ db, repo: chatRepository(db), events, limiter: new RateLimiter(limits.chatPerMinute, 60, () => now().getTime()), now });
  const mails = mailsService({ db, repo: mailsRepository(db), mailer, publicUrl: config.publicUrl, now, log: app.log });
  const resets = passwordResetService({ resets: passwordResetRepository(db), auth: authRepo, mailer, publicUrl: config.publicUrl, now, log: app.log });
  app.addHook('onClose', () => resets.settled());
  app.decorate('passwordResets', resets);

  // Stripe Elements (card entry in the browser) needs Stripe's script, frames and API.
  const stripeElements = paymentProvider.name === 'stripe' && paymentProvider.publishableKey !== null;
  securityHeaders(app, config, stripeElements);
  requestGuards(app);
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 10 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => {
      const err = new ApiError(429, 'too_many_requests', 'too_many_requests', { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) });
      return Object.assign(err, { statusCode: 429 });
    },
  });

  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'nl');
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromAcceptLanguage(req.headers['accept-language']);
    const token = bearerToken(req);
    req.auth = token ? await auth.authenticate(token) : null;
  });

  errorHandler(app);

  await openApi(app, '1.0.0');
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  await app.register(authRoutes, { auth, perIpLimit: limits.tokenPerIp, windowSeconds: limits.tokenWindow });
  await app.register(passwordResetRoutes, { resets, perIpLimit: limits.resetPerIp });
  await app.register(phoneRoutes, { phone, captcha, perIpLimit: limits.smsPerIp, windowSeconds: limits.smsWindow });
  await app.register(usersRoutes, { users, now });
  await app.register(eventsRoutes, { events, streams });
  await app.register(mailSettingsRoutes, { mails });
  await app.register(filesRoutes, { files, auth });
  await app.register(shipmentsRoutes, { shipments, events, versionCache: caching });
  await app.register(driverRoutes, { shipments });
  await app.register(chatRoutes, { chat });
  await app.register(paymentsRoutes, { payments, provider: paymentProvider });
  await app.register(billingRoutes, { payments, provider: paymentProvider });
  await app.register(adminRoutes, { users, adminTokenHash: hashAdminToken(adminToken(config)) });
  const tracking = trackingService({ repo: trackingRepository(db), shipments, router, publicUrl: config.publicUrl, now, log: app.log });
  await app.register(trackingRoutes, { tracking, perIpLimit: TRACKING_PER_IP_PER_MINUTE });
  await app.register(geoRoutes, { geocoder, timeZones, perIpLimit: config.geo.ratePerIp, basemapFile: BASEMAP_FILE });
  await app.register(configRoutes, {
    config,
    providers: { sms: phoneVerifier.name, geocoder: geocoder.name, router: router.name },
    payments: { provider: paymentProvider.name, testMode: paymentProvider.testMode, publishableKey: paymentProvider.publishableKey },
  });

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    // Hash routing: the app lives at '/', so serving the built files is all the web needs.
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: ['index.html'] });
  }

  // Expired tokens are useless; sweep them hourly so the tables stay small.
  const sweep = setInterval(() => {
    void authRepo.deleteExpired(now()).catch((err) => app.log.warn({ err }, 'token sweep failed'));
    void events.sweep().catch((err) => app.log.warn({ err }, 'event sweep failed'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // The scheduled check for expired shipments: every process runs it, the event key makes each report once.
  const expiry = setInterval(() => void shipments.reportExpired().catch((err) => app.log.warn({ err }, 'expiry check failed')), 60_000);
  expiry.unref();
  app.addHook('onClose', async () => clearInterval(expiry));
  app.decorate('reportExpired', shipments.reportExpired);

  const demo = config.demoDrivers ? await startDemoDrivers({ db, shipments, users, chat, now, log: app.log, config: config.demoDrivers }) : null;
  if (demo) app.addHook('onClose', () => demo.stop());

  app.decorate('demoDrivers', demo);
  app.decorate('eventHub', hub);
  await mails.start(hub);
  app.addHook('onClose', () => mails.stop());
  app.decorate('mailWorker', { run: mails.run });
  return app;
}
