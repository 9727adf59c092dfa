import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { AccessPoint } from './access-point/access-point.ts';
import { billitAccessPoint } from './access-point/billit-access-point.ts';
import { outboxAccessPoint } from './access-point/outbox-access-point.ts';
import type { AppConfig } from '../env.ts';
import { type Captcha, selectCaptcha } from './captcha/captcha.ts';
import type { Geocoder, Router, TimeZones } from './geo/geo.ts';
import { selectGeo } from './geo/select.ts';
import { geoTzTimeZones } from './geo/timezones.ts';
import type { Mailer } from './mail/mailer.ts';
import { outboxMailer } from './mail/outbox-mailer.ts';
import { smtpMailer } from './mail/smtp-mailer.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
// Issue 21 part 4: Web Push.
import type { PushSender } from './push/push-sender.ts';
import { storedVapidKeys, webPushSender } from './push/web-push-sender.ts';
import { sandboxPaymentProvider } from './payments/sandbox-payment-provider.ts';
import type { PayoutProvider } from './payouts/payout-provider.ts';
import { sandboxPayoutProvider } from './payouts/sandbox-payout-provider.ts';
import { stripePayoutProvider } from './payouts/stripe-payout-provider.ts';
import { stripePaymentProvider } from './payments/stripe-payment-provider.ts';
import { logPhoneVerifier } from './sms/log-phone-verifier.ts';
import type { PhoneVerifier } from './sms/phone-verifier.ts';
import { twilioPhoneVerifier } from './sms/twilio-phone-verifier.ts';
import type { FileStore } from './storage/file-store.ts';
import { localFileStore } from './storage/local-file-store.ts';
import { s3FileStore } from './storage/s3-file-store.ts';
import type { VatRegistry } from './vat/vat-registry.ts';
import { viesVatRegistry } from './vat/vies-vat-registry.ts';

/** Adapters a caller (a test) passes in; the rest come from the configuration. */
export type AdapterOverrides = {
  phoneVerifier?: PhoneVerifier;
  mailer?: Mailer;
  fileStore?: FileStore;
  captcha?: Captcha;
  geocoder?: Geocoder;
  router?: Router;
  paymentProvider?: PaymentProvider;
  /** null: VAT numbers are checked for format and check digits only (the default). */
  vatRegistry?: VatRegistry | null;
  /** Issue 21 part 4: Web Push. */
  pushSender?: PushSender;
  /** Issue 22 part 3: paying drivers. */
  payoutProvider?: PayoutProvider;
  /** Issue 22: sending e-invoices over Peppol. */
  accessPoint?: AccessPoint;
};

export type Adapters = Required<AdapterOverrides> & { timeZones: TimeZones };

async function selectPaymentProvider(config: AppConfig, db: Db, now: (() => Date) | undefined): Promise<PaymentProvider> {
  const p = config.payments;
  if (p.provider === 'stripe') {
    return stripePaymentProvider({ secretKey: p.secretKey, publishableKey: p.publishableKey, webhookSecret: p.webhookSecret, apiBase: p.apiBase ?? undefined });
  }
  // The sandbox keeps its state in the database; without STRIPE_WEBHOOK_SECRET its secret is stored there too.
  return sandboxPaymentProvider({ db, publicUrl: config.publicUrl, webhookSecret: p.webhookSecret, now });
}

/** Every external service: the one a test passed, the real one configured, or the embedded default. */
export async function selectAdapters(
  deps: AdapterOverrides & { config: AppConfig; db: Db; now?: () => Date },
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
): Promise<Adapters> {
  const { config } = deps;
  const phoneVerifier =
    deps.phoneVerifier ?? (config.twilio ? twilioPhoneVerifier(config.twilio) : logPhoneVerifier(log));
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom));
  const fileStore = deps.fileStore ?? (config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, 'files')));
  const captcha = deps.captcha ?? selectCaptcha(config.captcha);

  const selected = deps.geocoder && deps.router ? null : selectGeo(config);
  const geocoder = deps.geocoder ?? selected!.geocoder;
  const router = deps.router ?? selected!.router;
  const timeZones = geoTzTimeZones();

  const paymentProvider = deps.paymentProvider ?? (await selectPaymentProvider(config, deps.db, deps.now));
  const vatRegistry = deps.vatRegistry !== undefined ? deps.vatRegistry : config.viesUrl ? viesVatRegistry({ baseUrl: config.viesUrl, log }) : null;
  // Issue 21 part 4: Web Push. Without configured VAPID keys, the pair every process shares from the database.
  const pushSender =
    deps.pushSender ??
    webPushSender({ ...config.push, keys: config.push.keys ?? (await storedVapidKeys(deps.db, deps.now?.() ?? new Date())) });
  // Issue 22 part 3: Stripe Connect with Stripe's payments (the driver finishes onboarding from the
  // earnings page), else the embedded SEPA payout sandbox (its state in the database).
  const p = config.payments;
  const earningsPage = `${config.publicUrl}/driver/#/earnings`;
  const payoutProvider =
    deps.payoutProvider ??
    (p.provider === 'stripe'
      ? stripePayoutProvider({ secretKey: p.secretKey, apiBase: p.apiBase ?? undefined, returnUrl: earningsPage, refreshUrl: earningsPage, webhookSecret: config.payoutWebhookSecret ?? undefined })
      : sandboxPayoutProvider({ db: deps.db, now: deps.now, webhookSecret: config.payoutWebhookSecret, settleSeconds: config.sandboxPayoutSettleSeconds }));
  // Issue 22: e-invoices over Peppol through Billit when its key is set, else UBL files in the outbox folder.
  const ap = config.accessPoint;
  const accessPoint =
    deps.accessPoint ??
    (ap.billit ? billitAccessPoint({ ...ap.billit, timeoutMs: ap.timeoutMs }) : outboxAccessPoint(ap.outboxDir, deps.now));
  return { phoneVerifier, mailer, fileStore, captcha, geocoder, router, timeZones, paymentProvider, vatRegistry, pushSender, payoutProvider, accessPoint };
}
