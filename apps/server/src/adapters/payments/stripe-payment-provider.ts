import Stripe from 'stripe';
import { stripeClient } from '../stripe-client.ts';
import { CardError, type PaymentEvent, type PaymentProvider, paymentIdOf, type PaymentStatus, type RedirectPayment, RefundError, refundIdOf, type RefundStatus, WebhookSignatureError } from './payment-provider.ts';

type StripeConfig = {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** Another API origin (a local fake in tests); Stripe's own when absent. */
  apiBase?: string;
};

const isCardError = (err: unknown): err is InstanceType<typeof Stripe.errors.StripeCardError> =>
  err instanceof Stripe.errors.StripeCardError || (err instanceof Stripe.errors.StripeError && err.rawType === 'card_error');

/** Card refusals keep Stripe's codes (the user's text comes from them) and its wording (shown as a detail); anything else is ours to handle. */
const asCardError = (err: unknown): unknown =>
  isCardError(err) ? new CardError(err.message, err.code ?? 'card_declined', (err as { decline_code?: string }).decline_code ?? null) : err;

/**
 * A payment that needs the customer again (requires_payment_method) only failed if an attempt was
 * made; before any attempt it is simply not paid yet.
 */
const statusOf = (pi: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): PaymentStatus => {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'canceled' || (pi.status === 'requires_payment_method' && pi.last_payment_error)) return 'failed';
  return 'pending';
};

/** The most payments and refunds one reconciliation reads of Stripe (a day's worth for a busy marketplace). */
const ACTIVITY_LIMIT = 10_000;

/** Stripe's refund reasons; any other reason of ours travels in the metadata only. */
const STRIPE_REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

const refundStatusOf = (status: string | null): RefundStatus =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

const toRedirectPayment = (pi: Stripe.PaymentIntent): RedirectPayment => ({
  id: pi.id,
  status: statusOf(pi),
  amountCents: pi.amount,
  currency: pi.currency,
  metadata: { ...pi.metadata },
});

/**
 * Stripe's signed webhook: the signature over the raw body, then the event reduced to what we act
 * on. The sandbox signs its own events the same way and reads them through this too.
 */
export function parseStripeWebhook(stripe: Stripe, rawBody: Buffer, signatureHeader: string | undefined, secret: string): PaymentEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('missing Stripe-Signature header');
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new WebhookSignatureError('bad signature');
  }
  const payment = event.type.startsWith('payment_intent.') ? toRedirectPayment(event.data.object as Stripe.PaymentIntent) : null;
  return { id: event.id, type: event.type, payment };
}

/** The real provider: Stripe's API through its SDK. */
export function stripePaymentProvider(cfg: StripeConfig): PaymentProvider {
  const stripe = stripeClient(cfg.secretKey, cfg.apiBase);

  return {
    name: 'stripe',
    testMode: cfg.secretKey.startsWith('sk_test_'),
    publishableKey: cfg.publishableKey,

    async createCustomer(input, idempotencyKey) {
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name, metadata: { user_id: String(input.userId) } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async addCard(customerId, token, idempotencyKey) {
      let source: Stripe.CustomerSource;
      try {
        source = await stripe.customers.createSource(customerId, { source: token }, { idempotencyKey });
      } catch (err) {
        throw asCardError(err);
      }
      // A card token always becomes a card; anything else means the token was not one.
      if (source.object !== 'card') throw new CardError('This payment method is not a card.', 'invalid_source');
      return { id: source.id, brand: source.brand, last4: source.last4, exp_month: source.exp_month, exp_year: source.exp_year };
    },

    async deleteCard(customerId, cardId) {
      await stripe.customers.deleteSource(customerId, cardId);
    },

    async chargeCard(input) {
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.cardId,
            // With a return URL the sender is there to answer 3-D Secure; without, nobody is.
            ...(input.returnUrl ? { return_url: input.returnUrl } : { off_session: true }),
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        throw asCardError(err);
      }
      if (pi.status === 'succeeded') return { status: 'succeeded', id: pi.id };
      const redirectUrl = pi.next_action?.redirect_to_url?.url;
      if (input.returnUrl && pi.status === 'requires_action' && redirectUrl) return { status: 'requires_action', id: pi.id, redirectUrl };
      // Off-session, or a next step we cannot send the browser to, or still processing: not paid is not paid.
      throw new CardError('The payment could not be completed.', 'payment_incomplete');
    },

    async startBancontact(input) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          // The SDK's pinned API version (2026-10-28.endive) names this allowed_payment_method_types; payment_method_types is gone.
          allowed_payment_method_types: ['bancontact'],
          payment_method_data: { type: 'bancontact', billing_details: { name: input.ownerName } },
          confirm: true,
          return_url: input.returnUrl,
          description: input.description,
          metadata: input.metadata,
          ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const redirectUrl = pi.next_action?.redirect_to_url?.url;
      if (!redirectUrl) throw new Error(`Stripe gave no Bancontact redirect for ${pi.id} (status ${pi.status})`);
      return { id: pi.id, redirectUrl };
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentRef,
            amount: input.amountCents,
            ...(STRIPE_REFUND_REASONS.has(input.reason) ? { reason: input.reason as Stripe.RefundCreateParams.Reason } : {}),
            // Our refund's key travels with it: the reconciliation finds the refund by it.
            metadata: { reason: input.reason, refund_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, status: refundStatusOf(refund.status) };
      } catch (err) {
        // Stripe's refusals (too much, already refunded, unknown payment) are the caller's to handle; an outage is not.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundError(err.message, err.code ?? 'refund_refused');
        throw err;
      }
    },

    async activity(since) {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      const [intents, refunds] = await Promise.all([
        stripe.paymentIntents.list({ created, limit: 100 }).autoPagingToArray({ limit: ACTIVITY_LIMIT }),
        stripe.refunds.list({ created, limit: 100 }).autoPagingToArray({ limit: ACTIVITY_LIMIT }),
      ]);
      return {
        payments: intents.filter((pi) => pi.status === 'succeeded').map((pi) => ({ ref: pi.id, amountCents: pi.amount_received || pi.amount, paymentId: paymentIdOf(pi.metadata?.payment_id) })),
        refunds: refunds
          .filter((r) => r.status === 'succeeded' && r.payment_intent)
          .map((r) => ({ ref: r.id, paymentRef: typeof r.payment_intent === 'string' ? r.payment_intent : r.payment_intent!.id, amountCents: r.amount, refundId: refundIdOf(r.metadata?.refund_key) })),
      };
    },

    async getPayment(id) {
      try {
        return toRedirectPayment(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        // An id Stripe does not know is an unknown payment, not an outage.
        if (err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing')) return null;
        throw err;
      }
    },

    async cancelPayment(id) {
      try {
        return toRedirectPayment(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        // Already succeeded (or cancelled): the payment as it stands is the answer.
        if (err instanceof Stripe.errors.StripeError && err.statusCode !== 404) return this.getPayment(id);
        if (err instanceof Stripe.errors.StripeError) return null;
        throw err;
      }
    },

    parseWebhook: (rawBody, signatureHeader) => parseStripeWebhook(stripe, rawBody, signatureHeader, cfg.webhookSecret),
  };
}
