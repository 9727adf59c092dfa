import path from 'node:path';
import { DEFAULT_COMMISSION_PERCENT } from '@vm/domain';
import { SANDBOX_SETTLE_SECONDS } from './adapters/payouts/payout-provider.ts';
import { z } from 'zod';
import { captchaProviders } from './adapters/captcha/captcha.ts';

// The only reader of process.env. Every knob has a default that runs fully offline. One schema says
// it all: the variables (names, parsing, defaults), the rules between them (superRefine) and the
// config the app reads (transform); AppConfig is its output type. A new setting: one line in the
// object and one in the transform.

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const int = (def: number) => z.coerce.number().int().positive().default(def);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null));

const envVariables = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  WEB_DIST: optionalText,
  DRIVER_WEB_DIST: optionalText,
  OPS_WEB_DIST: optionalText,
  LOG_LEVEL: z.string().default('info'),
  ACCESS_TOKEN_TTL: int(900),
  REFRESH_TOKEN_TTL: int(60 * 60 * 24 * 30),
  // A refresh token rotated less than this long ago may be presented again (two tabs refreshing at once); 0: never.
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  TOKEN_RATE_LIMIT_PER_IP: int(30),
  TOKEN_RATE_LIMIT_PER_USERNAME: int(10),
  TOKEN_RATE_LIMIT_WINDOW: int(60),
  SMS_RATE_LIMIT_PER_NUMBER: int(3),
  SMS_RATE_LIMIT_PER_IP: int(10),
  SMS_RATE_LIMIT_WINDOW: int(600),
  RESET_RATE_LIMIT_PER_IP: int(5),
  CARD_ATTEMPTS_PER_HOUR: int(10),
  CHAT_MESSAGES_PER_MINUTE: int(30),
  // The help page's contact form: requests per IP, and per user (or address, for a guest), each per hour.
  SUPPORT_RATE_LIMIT_PER_IP: int(10),
  SUPPORT_RATE_LIMIT_PER_SENDER: int(5),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_VERIFY_SERVICE_SID: optionalText,
  TWILIO_BASE_URL: z.string().default('https://verify.twilio.com'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Vrachtmarkt <no-reply@vrachtmarkt.localhost>'),
  // Where the contact form's requests are mailed (staff reply to the sender's own address).
  SUPPORT_EMAIL: z.email().default('support@vrachtmarkt.localhost'),
  FACEBOOK_APP_ID: optionalText,
  FACEBOOK_APP_SECRET: optionalText,
  FACEBOOK_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v19.0'),
  // A generic OpenID Connect provider (itsme, Google...): discovery from the issuer.
  OIDC_ISSUER: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_LABEL: z.string().trim().min(1).max(40).default('OpenID'),
  OIDC_SCOPES: z.string().regex(/^[\w:. -]{1,300}$/).default('openid email profile'),
  SOCIAL_TIMEOUT_MS: int(10_000),
  CAPTCHA_PROVIDER: z.enum(captchaProviders).default('none'),
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET: optionalText,
  // The provider's siteverify URL, replaced (tests, an egress proxy); unset: the provider's own.
  CAPTCHA_VERIFY_URL: optionalText,
  CAPTCHA_TIMEOUT_MS: int(5000),
  // reCAPTCHA (v3, or v2 answers that carry a score): tokens scoring below this (0..1) are refused; unset: 0.5 for v3, any score for v2.
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).optional(),
  // The EU VIES REST API (e.g. https://ec.europa.eu/taxation_customs/vies/rest-api); unset: no register check.
  VIES_URL: optionalText,
  TRUST_PROXY: bool,
  GEOCODER: z.enum(['embedded', 'photon', 'nominatim']).default('embedded'),
  PHOTON_URL: z.string().default('https://photon.komoot.io'),
  NOMINATIM_URL: z.string().default('https://nominatim.openstreetmap.org'),
  ROUTER: z.enum(['estimate', 'osrm']).default('estimate'),
  OSRM_URL: z.string().default('https://router.project-osrm.org'),
  TILE_URL: optionalText,
  TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  GEO_RATE_LIMIT_PER_IP: int(120),
  STREET_VIEW_URL: optionalText,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Issue 22 part 6: the Stripe Connect webhook endpoint's secret (payout.paid, payout.failed); unset: payouts settle by polling.
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText,
  // The payout sandbox: how long a SEPA payout stays pending before it is paid (a demo may want it quick).
  SANDBOX_PAYOUT_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(SANDBOX_SETTLE_SECONDS),
  STRIPE_API_BASE: optionalText,
  // Issue 22: the platform's commission on a driver's price (percent; shown to drivers when bidding).
  COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(DEFAULT_COMMISSION_PERCENT),
  // Issue 22 part 5: the platform as the seller on its invoices and the buyer on drivers' self-billed ones.
  // The defaults are a demo company (its enterprise number passes the mod-97 check but belongs to nobody).
  PLATFORM_NAME: z.string().min(1).max(200).default('Vrachtmarkt BV'),
  PLATFORM_ENTERPRISE_NUMBER: z.string().regex(/^[01]\d{9}$/).default('0765432146'),
  PLATFORM_ADDRESS: z.string().min(1).max(300).default('Kerkstraat 1, 9000 Gent'),
  PLATFORM_IBAN: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/).default('BE68539007547034'),
  PLATFORM_BIC: optionalText,
  PLATFORM_INVOICE_EMAIL: z.email().default('invoices@vrachtmarkt.localhost'),
  DEMO_DRIVERS: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
  DEMO_OFFER_DELAY_SECONDS: z.coerce.number().min(0).default(3),
  DEMO_STEP_SECONDS: z.coerce.number().positive().default(20),
  DEMO_CHAT_REPLY_SECONDS: z.coerce.number().min(0).default(3),
  DEMO_DRIVER_PASSWORD: optionalText,
  ADMIN_TOKEN: optionalText,
  // Shared state for several processes (docs/decisions/0017-many-processes.md).
  REDIS_URL: optionalText,
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{0,64}$/).default('vm:'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  METRICS_TOKEN: optionalText,
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  // A request whose body has not fully arrived after this long gets 408 (a body trickled in byte by byte).
  REQUEST_TIMEOUT_SECONDS: int(120),
  // A body not whole this long after its headers gets 408 and its connection closed (a stalled or
  // dribbled body); timed per request, so it cuts on time. At most REQUEST_TIMEOUT_SECONDS.
  BODY_TIMEOUT_SECONDS: int(60),
  // Open event streams per user in this process; one more closes that user's oldest (browsers allow 6 per origin over HTTP/1.1).
  SSE_STREAMS_PER_USER: int(6),
  // Staff sign-in (issue 21, staff part; decision 0025): the WebAuthn relying party (a domain, never
  // an IP address; unset: PUBLIC_URL's host, or localhost when that is an address), the origins a
  // passkey may answer from (comma-separated; unset: PUBLIC_URL's, plus http://localhost:PORT for
  // localhost), and the sign-in attempts per e-mail and per IP address in a window.
  OPS_RP_ID: optionalText,
  OPS_ORIGINS: optionalText,
  STAFF_SIGN_IN_PER_EMAIL: int(5),
  STAFF_SIGN_IN_PER_IP: int(20),
  STAFF_SIGN_IN_WINDOW: int(300),
  // Issue 21 part 3: the key that seals the consignment notes (ES256, a private JWK as JSON or a PKCS#8 PEM); without it a key made once and kept in the database.
  NOTE_SEAL_KEY: optionalText,
  // Issue 21 part 4: Web Push (VAPID). Unset keys: a pair made once and kept in the database.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  // Who runs this server, for the push services (mailto: or https:); unset: mailto: SUPPORT_EMAIL.
  VAPID_SUBJECT: optionalText,
  // Subscriptions may point at http://127.0.0.1 or localhost (the tests' fake push service); never in production.
  PUSH_ALLOW_LOOPBACK: bool,
  // Each request to a push service; at most 30 s (the worker's lease counts on it).
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(10_000),
  // Issue 22: sending e-invoices over Peppol (decision 0032). Without a Billit key: UBL files in this folder (unset: DATA_DIR/peppol-outbox).
  PEPPOL_OUTBOX_DIR: optionalText,
  BILLIT_API_KEY: optionalText,
  // The Billit company the documents are sent for (needed when the key's user has several).
  BILLIT_PARTY_ID: z.string().trim().regex(/^\d{0,18}$/).optional().transform((v) => v || null),
  BILLIT_API_URL: z.string().default('https://api.billit.be'),
  ACCESS_POINT_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(15_000),
  // Issue 23 part 4 (decision 0035): drivers' positions and chat messages of jobs that ended longer ago than this go (retention job).
  RETENTION_POSITIONS_MONTHS: z.coerce.number().int().min(1).max(120).default(3),
  RETENTION_CHAT_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  // Test hooks for the kill -9 test of releases and payouts (test/settlement/kill-during-release.test.ts):
  // the real processes' clock ('<ISO instant>|<real epoch ms it stands for>|<rate>': every process of a
  // test agrees, a restart included, and a rate above 1 lets a sandbox payout settle in seconds) and
  // the money jobs' period. Refused in production.
  TEST_CLOCK: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z\|\d{13}\|\d{1,3}$/, 'TEST_CLOCK is <ISO instant>|<epoch ms>|<rate>')
    .optional(),
  TEST_MONEY_JOB_SECONDS: z.coerce.number().int().min(1).max(60).optional(),
});

/** Where the server writes its generated admin token for `npm run admin`. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** https anywhere, or http on this machine only (local fakes of a provider). */
export function isHttpsOrLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
}

/** The shape of an ES256 private key (jose checks the key itself when it is first used). */
function isNoteSealKey(text: string): boolean {
  if (/^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/.test(text.trim())) return true;
  try {
    const jwk = JSON.parse(text) as Record<string, unknown>;
    return jwk.kty === 'EC' && jwk.crv === 'P-256' && typeof jwk.d === 'string' && typeof jwk.x === 'string' && typeof jwk.y === 'string';
  } catch {
    return false;
  }
}

/** TEST_CLOCK's parts: the instant the clock showed at the real epoch ms `anchorMs`, and how fast it runs. */
function testClockOf(v: string): { at: Date; anchorMs: number; rate: number } {
  const [at, anchor, rate] = v.split('|');
  return { at: new Date(at!), anchorMs: Number(anchor), rate: Math.max(1, Number(rate)) };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const configSchema = envVariables
  .superRefine((e, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', message });
    // Production never runs on an embedded default by accident: test-mode payments, a database in a
    // local folder, a generated admin token or links to 127.0.0.1 in mails.
    if (e.NODE_ENV === 'production') {
      const missing = (['DATABASE_URL', 'ADMIN_TOKEN', 'PAYMENT_PROVIDER', 'PUBLIC_URL'] as const).filter((k) => !e[k]);
      if (missing.length) {
        refuse(`NODE_ENV=production needs ${missing.join(', ')} (PostgreSQL URL, admin token, stripe or sandbox for a demo, the public https address)`);
      }
    }
    if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) refuse('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    // A captcha provider without its keys would refuse every SMS send (or silently check nothing).
    if (e.CAPTCHA_PROVIDER !== 'none' && (!e.CAPTCHA_SITE_KEY || !e.CAPTCHA_SECRET)) {
      refuse(`CAPTCHA_PROVIDER=${e.CAPTCHA_PROVIDER} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET`);
    }
    // Social login: an id without its secret (or the reverse) would show a button that cannot work.
    if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) refuse('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together');
    const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidcSet !== 0 && oidcSet !== 3) refuse('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
    // Issue 21 part 3: a sealing key that cannot seal fails at start, not at the first proof.
    if (e.NOTE_SEAL_KEY && !isNoteSealKey(e.NOTE_SEAL_KEY)) refuse('NOTE_SEAL_KEY must be a private P-256 key: a JWK (JSON with kty EC, crv P-256, d) or a PKCS#8 PEM');
    // Plain http only for a provider on this machine (the tests' fakes); anything else must be https.
    // Issue 21 part 4: Web Push.
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) refuse('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) refuse('VAPID_SUBJECT must be a mailto: or https: address');
    if (e.PUSH_ALLOW_LOOPBACK && e.NODE_ENV === 'production') refuse('PUSH_ALLOW_LOOPBACK is for tests, not production');
    if ((e.TEST_CLOCK || e.TEST_MONEY_JOB_SECONDS) && e.NODE_ENV === 'production') refuse('TEST_CLOCK and TEST_MONEY_JOB_SECONDS are for tests, not production');
    for (const [name, value] of [['FACEBOOK_AUTH_URL', e.FACEBOOK_AUTH_URL], ['FACEBOOK_GRAPH_URL', e.FACEBOOK_GRAPH_URL], ['OIDC_ISSUER', e.OIDC_ISSUER], ['BILLIT_API_URL', e.BILLIT_API_URL]] as const) {
      if (value && !isHttpsOrLoopback(value)) refuse(`${name} must be https (http only on 127.0.0.1 or localhost)`);
    }
  })
  .transform((e) => ({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** The built web apps: the sender's at '/', the driver's at '/driver/', operations' at '/ops/'. */
    webDists: {
      sender: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/sender/dist'),
      driver: path.resolve(repoRoot, e.DRIVER_WEB_DIST ?? 'apps/driver/dist'),
      ops: path.resolve(repoRoot, e.OPS_WEB_DIST ?? 'apps/ops/dist'),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    tokens: { accessTtl: e.ACCESS_TOKEN_TTL, refreshTtl: e.REFRESH_TOKEN_TTL, refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS },
    rateLimits: {
      tokenPerIp: e.TOKEN_RATE_LIMIT_PER_IP,
      tokenPerUsername: e.TOKEN_RATE_LIMIT_PER_USERNAME,
      tokenWindow: e.TOKEN_RATE_LIMIT_WINDOW,
      smsPerNumber: e.SMS_RATE_LIMIT_PER_NUMBER,
      smsPerIp: e.SMS_RATE_LIMIT_PER_IP,
      smsWindow: e.SMS_RATE_LIMIT_WINDOW,
      resetPerIp: e.RESET_RATE_LIMIT_PER_IP,
      cardAttemptsPerHour: e.CARD_ATTEMPTS_PER_HOUR,
      chatPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
      supportPerIp: e.SUPPORT_RATE_LIMIT_PER_IP,
      supportPerSender: e.SUPPORT_RATE_LIMIT_PER_SENDER,
    },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_VERIFY_SERVICE_SID
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, serviceSid: e.TWILIO_VERIFY_SERVICE_SID, baseUrl: e.TWILIO_BASE_URL }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    facebookAppId: e.FACEBOOK_APP_ID,
    /** Social and identity login (docs/decisions/0018-social-login.md); null when off. */
    social: {
      facebook:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET, authUrl: e.FACEBOOK_AUTH_URL, graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, '') }
          : null,
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, label: e.OIDC_LABEL, scopes: e.OIDC_SCOPES }
          : null,
      /** Every call to a provider (token, profile, picture) gives up after this long. */
      timeoutMs: e.SOCIAL_TIMEOUT_MS,
    },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      siteKey: e.CAPTCHA_SITE_KEY,
      secret: e.CAPTCHA_SECRET,
      verifyUrl: e.CAPTCHA_VERIFY_URL,
      timeoutMs: e.CAPTCHA_TIMEOUT_MS,
      minScore: e.CAPTCHA_MIN_SCORE ?? null,
    },
    /** VAT numbers are also checked in VIES when set; null (the default) checks format and digits only. */
    viesUrl: e.VIES_URL,
    geo: {
      geocoder: e.GEOCODER,
      photonUrl: e.PHOTON_URL,
      nominatimUrl: e.NOMINATIM_URL,
      router: e.ROUTER,
      osrmUrl: e.OSRM_URL,
      tileUrl: e.TILE_URL,
      tileAttribution: e.TILE_ATTRIBUTION,
      ratePerIp: e.GEO_RATE_LIMIT_PER_IP,
      /** A street-imagery URL template with {lat} and {lng}; no panel without one. */
      streetViewUrl: e.STREET_VIEW_URL,
    },
    // superRefine made sure that stripe comes with its keys.
    payments:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { provider: 'stripe' as const, secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : { provider: 'sandbox' as const, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    /** For `npm run admin`; without it the server makes one and writes it to DATA_DIR/admin-token. */
    adminToken: e.ADMIN_TOKEN,
    /** Rate limits live here when set (shared by every process); else in the database or in process. */
    redisUrl: e.REDIS_URL,
    /** Every Redis key starts with this, so several deployments (or test runs) can share one Redis. */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** Uploads go to this S3-compatible bucket when set; else to DATA_DIR/files. */
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : null,
    /** Bearer token for /metrics; without it /metrics answers 404. */
    metricsToken: e.METRICS_TOKEN,
    /** On SIGTERM, requests in flight get this long before the process exits anyway. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    /** A request body not fully received after this long is cut with 408. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    /** A request body not whole this long after its headers is cut with 408. */
    bodyTimeoutMs: Math.min(e.BODY_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000,
    /** Open event streams per user in this process; the oldest is closed for one more. */
    sseStreamsPerUser: e.SSE_STREAMS_PER_USER,
    /** The consignment notes' sealing key (ES256 private JWK or PKCS#8 PEM); null: one kept in the database. */
    noteSealKey: e.NOTE_SEAL_KEY,
    /** Issue 22: the platform's commission on a driver's price, in percent. */
    commissionPercent: e.COMMISSION_PERCENT,
    /** Issue 22 part 5: who issues the invoices (and receives drivers' self-billed ones). */
    platform: { name: e.PLATFORM_NAME, enterpriseNumber: e.PLATFORM_ENTERPRISE_NUMBER, address: e.PLATFORM_ADDRESS, iban: e.PLATFORM_IBAN, bic: e.PLATFORM_BIC, email: e.PLATFORM_INVOICE_EMAIL },
    /** Issue 21 part 4: Web Push. keys null: generated once and kept in the database. */
    push: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    /** Issue 22: the Peppol access point (decision 0032): Billit when its key is set, else the outbox folder. */
    accessPoint: {
      outboxDir: e.PEPPOL_OUTBOX_DIR ? path.resolve(repoRoot, e.PEPPOL_OUTBOX_DIR) : path.resolve(repoRoot, e.DATA_DIR, 'peppol-outbox'),
      billit: e.BILLIT_API_KEY ? { apiKey: e.BILLIT_API_KEY, partyId: e.BILLIT_PARTY_ID ?? null, baseUrl: e.BILLIT_API_URL.replace(/\/$/, '') } : null,
      timeoutMs: e.ACCESS_POINT_TIMEOUT_MS,
    },
    /** Issue 23 part 4: how long positions and chat of ended jobs are kept, in months. */
    retention: { positionsMonths: e.RETENTION_POSITIONS_MONTHS, chatMonths: e.RETENTION_CHAT_MONTHS },
    /** The payout provider's webhook secret (Stripe Connect; the sandbox signs with it too); null: no payout webhook. */
    payoutWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    /** The payout sandbox's pending time, in seconds. */
    sandboxPayoutSettleSeconds: e.SANDBOX_PAYOUT_SETTLE_SECONDS,
    /** Test hooks (never in production): the process's clock, and the release and payout jobs' period in seconds. */
    testHooks: { clock: e.TEST_CLOCK ? testClockOf(e.TEST_CLOCK) : null, moneyJobSeconds: e.TEST_MONEY_JOB_SECONDS ?? null },
    /** Demo drivers: on for a developer's `npm start`, off in production unless asked for; null when off. */
    /** Staff sign-in (decision 0025); `demo`: seed the README's admin (demo mode on the embedded database). */
    staff: staffConfig(e),
    demoDrivers: (e.DEMO_DRIVERS === undefined ? e.NODE_ENV !== 'production' : ['true', '1', 'on'].includes(e.DEMO_DRIVERS))
      ? { offerDelaySeconds: e.DEMO_OFFER_DELAY_SECONDS, stepSeconds: e.DEMO_STEP_SECONDS, chatReplySeconds: e.DEMO_CHAT_REPLY_SECONDS, password: e.DEMO_DRIVER_PASSWORD }
      : null,
  }));

export type AppConfig = z.output<typeof configSchema>;

function staffConfig(e: z.output<typeof envVariables>) {
  const publicUrl = new URL((e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''));
  const isAddress = /^[\d.]+$|^\[/.test(publicUrl.hostname);
  const rpId = e.OPS_RP_ID ?? (isAddress ? 'localhost' : publicUrl.hostname);
  const origins = e.OPS_ORIGINS
    ? e.OPS_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean)
    : [publicUrl.origin, ...(rpId === 'localhost' ? [`http://localhost:${publicUrl.port || e.PORT}`] : [])];
  const demoMode = e.DEMO_DRIVERS === undefined ? e.NODE_ENV !== 'production' : ['true', '1', 'on'].includes(e.DEMO_DRIVERS);
  return {
    rpId,
    rpName: 'Vrachtmarkt',
    origins,
    signInPerEmail: e.STAFF_SIGN_IN_PER_EMAIL,
    signInPerIp: e.STAFF_SIGN_IN_PER_IP,
    signInWindow: e.STAFF_SIGN_IN_WINDOW,
    demo: demoMode && !e.DATABASE_URL,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  // A variable that does not parse is named; a rule between variables says what it needs.
  const unparsed = parsed.error.issues.filter((i) => i.path.length > 0);
  const details = unparsed.length ? unparsed.map((i) => i.path.join('.')).join(', ') : parsed.error.issues.map((i) => i.message).join('; ');
  throw new Error(`Invalid environment variables: ${details}`);
}
