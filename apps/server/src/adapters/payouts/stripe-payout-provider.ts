import Stripe from 'stripe';
import { stripeClient } from '../stripe-client.ts';
import { type PayoutEvent, payoutIdOf, type PayoutProvider, type PayoutStatus, PayoutWebhookSignatureError } from './payout-provider.ts';

type StripePayoutConfig = {
  secretKey: string;
  /** Another API origin (a local fake in tests); Stripe's own when absent. */
  apiBase?: string;
  /** Where Stripe's onboarding sends the driver when they are done (or leave). */
  returnUrl: string;
  /** Where Stripe sends the driver when the onboarding link expired or was used: we make a new link there. */
  refreshUrl: string;
  /** The Connect webhook endpoint's signing secret (STRIPE_CONNECT_WEBHOOK_SECRET); absent: no webhook, status() is polled. */
  webhookSecret?: string;
};

/** The Stripe adapter answers one more question than the port asks: may this connected account be paid out yet? */
export type StripePayoutProvider = PayoutProvider & {
  /** Whether the driver finished Stripe's onboarding far enough for payouts (the account's payouts_enabled). */
  payoutsEnabled(payeeId: string): Promise<boolean>;
};

/** Stripe's payout states reduced to ours; a payout that bounces later goes from paid to failed. */
export function payoutStatusOf(status: string): PayoutStatus {
  if (status === 'paid') return 'paid';
  if (status === 'failed' || status === 'canceled') return 'failed';
  // pending, in_transit (and anything new Stripe adds while money is on its way).
  return 'pending';
}

/**
 * A Connect webhook, verified over its exact bytes, reduced to the payout it is about. A payout lives
 * on the connected account (event.account), so our id for it names both, as pay() made it; the
 * sandbox's events carry no account and its ids are its own. Anything but a payout event is
 * recorded and ignored (a transfer.reversed, say: we never reverse transfers, staff would).
 */
export function parseStripePayoutWebhook(stripe: Stripe, rawBody: Buffer, signatureHeader: string | undefined, secret: string): PayoutEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('missing Stripe-Signature header');
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new PayoutWebhookSignatureError('bad signature');
  }
  if (!event.type.startsWith('payout.')) return { id: event.id, type: event.type, payout: null };
  const p = event.data.object as Stripe.Payout;
  const status = payoutStatusOf(p.status);
  return {
    id: event.id,
    type: event.type,
    payout: { id: event.account ? payoutId(event.account, p.id) : p.id, status, failureReason: status === 'failed' ? (p.failure_message ?? p.failure_code ?? p.status) : null },
  };
}

/** Whether a connected account can receive payouts. */
export const canReceivePayouts = (account: Pick<Stripe.Account, 'payouts_enabled'>): boolean => account.payouts_enabled === true;

/**
 * A payout's statement descriptor: at most 22 characters, without the characters Stripe refuses in
 * descriptors (< > \ ' " *); absent when nothing is left.
 */
export function payoutDescriptor(reference: string): string | undefined {
  const cleaned = reference.replace(/[<>\\'"*]/g, '').replace(/\s+/g, ' ').trim().slice(0, 22).trim();
  return cleaned || undefined;
}

/** Our payout id names the connected account too: the payout lives there, and status() must ask there. */
const payoutId = (account: string, payout: string) => `${account}/${payout}`;
function parsePayoutId(id: string): { account: string; payout: string } {
  const [account, payout, ...rest] = id.split('/');
  if (!account?.startsWith('acct_') || !payout || rest.length) throw new Error(`not a Stripe payout id: ${id}`);
  return { account, payout };
}

/**
 * A Stripe error becomes a plain Error with Stripe's words (the payouts service retries later and
 * shows the message to an admin). Nothing of the request goes in: no key, no headers.
 */
async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new Error(`Stripe ${what}: ${err.message}`, { cause: err });
    throw err;
  }
}

/** The real provider: Stripe Connect through Stripe's SDK (Express accounts, transfers, payouts). */
export function stripePayoutProvider(cfg: StripePayoutConfig): StripePayoutProvider {
  const stripe = stripeClient(cfg.secretKey, cfg.apiBase);

  return {
    name: 'stripe',

    async payee(p, idempotencyKey) {
      // The same key makes Stripe answer the account it made the first time.
      const account = await stripeCall('account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'BE',
            email: p.email,
            business_type: 'individual',
            capabilities: { transfers: { requested: true } },
            metadata: { user_id: String(p.userId) },
          },
          { idempotencyKey },
        ),
      );
      // A link is single-use and expires within minutes, so each call makes a fresh one (no key: a
      // replayed link could be spent already). Making a link changes nothing at Stripe.
      const link = await stripeCall('account link', () =>
        stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: cfg.refreshUrl, return_url: cfg.returnUrl }),
      );
      return { payeeId: account.id, onboardingUrl: link.url };
    },

    async pay(req, idempotencyKey) {
      const sum = req.shipments.reduce((s, x) => s + x.amountCents, 0);
      // The payout draws on what the transfers moved to the account: anything else pays the wrong amount.
      if (sum !== req.amountCents) throw new Error(`payout ${req.reference}: shipments add up to ${sum} cents, not ${req.amountCents}`);
      if (!req.payeeId.startsWith('acct_')) throw new Error(`not a Stripe connected account: ${req.payeeId}`);

      // One transfer per shipment, grouped by the shipment, so Stripe's dashboard ties each euro to a job.
      for (const s of req.shipments) {
        const transferKey = `${idempotencyKey}:transfer:${s.reference}`;
        // Stripe forgets idempotency keys after 24 hours: a pay() retried later (its payout failed,
        // Stripe was down) finds the transfer it made by the key kept in its metadata.
        const earlier = await stripeCall('transfer', () => stripe.transfers.list({ destination: req.payeeId, transfer_group: s.reference, limit: 100 }));
        if (earlier.data.some((t) => t.metadata?.idempotency_key === transferKey)) continue;
        await stripeCall('transfer', () =>
          stripe.transfers.create(
            {
              amount: s.amountCents,
              currency: req.currency,
              destination: req.payeeId,
              transfer_group: s.reference,
              metadata: { payout_reference: req.reference, idempotency_key: transferKey },
            },
            { idempotencyKey: transferKey },
          ),
        );
      }
      const statementDescriptor = payoutDescriptor(req.reference);
      const payout = await stripeCall('payout', () =>
        stripe.payouts.create(
          {
            amount: req.amountCents,
            currency: req.currency,
            ...(statementDescriptor && { statement_descriptor: statementDescriptor }),
            metadata: { reference: req.reference },
          },
          { idempotencyKey: `${idempotencyKey}:payout`, stripeAccount: req.payeeId },
        ),
      );
      return { id: payoutId(req.payeeId, payout.id), status: payoutStatusOf(payout.status) };
    },

    async sent(since) {
      // The money a payout sends leaves the platform as its transfers, each carrying the payout's key.
      const transfers = await stripeCall('transfers', () => stripe.transfers.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 }).autoPagingToArray({ limit: 10_000 }));
      const byPayout = new Map<number, number>();
      for (const t of transfers) {
        const payoutId = payoutIdOf(t.metadata?.idempotency_key);
        if (payoutId !== null) byPayout.set(payoutId, (byPayout.get(payoutId) ?? 0) + t.amount - (t.amount_reversed ?? 0));
      }
      return [...byPayout].map(([payoutId, amountCents]) => ({ payoutId, amountCents }));
    },

    async status(id) {
      const { account, payout: payoutIdAtStripe } = parsePayoutId(id);
      const payout = await stripeCall('payout', () => stripe.payouts.retrieve(payoutIdAtStripe, {}, { stripeAccount: account }));
      const status = payoutStatusOf(payout.status);
      return { status, failureReason: status === 'failed' ? (payout.failure_message ?? payout.failure_code ?? payout.status) : null };
    },

    async payoutsEnabled(payeeId) {
      return canReceivePayouts(await stripeCall('account', () => stripe.accounts.retrieve(payeeId)));
    },

    ...(cfg.webhookSecret && { parseWebhook: (rawBody: Buffer, signatureHeader: string | undefined) => parseStripePayoutWebhook(stripe, rawBody, signatureHeader, cfg.webhookSecret!) }),
  };
}
