import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { SandboxCardInput } from '@vm/domain';
import { CardError, type PaymentProvider, type RedirectPayment, type StoredCard } from './payment-provider.ts';
import { parseStripeWebhook } from './stripe-payment-provider.ts';

// The embedded default: behaves like Stripe's test mode for the documented test tokens and card
// numbers (https://docs.stripe.com/testing), so the UI, the errors and the tests are the same as
// with the real provider. No money moves. Card ids carry their own behaviour so stored cards
// keep working after a restart; Bancontact payments in flight live in memory only.

type Behaviour = 'ok' | 'declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'charge_fails';
type TestCard = { brand: string; last4: string; behaviour: Behaviour };

// Stripe's codes, decline codes and (English) messages for its test cards.
const DECLINES: Record<Exclude<Behaviour, 'ok'>, { code: string; declineCode: string | null; message: string }> = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', declineCode: null, message: "Your card's security code is incorrect." },
  charge_fails: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
};
const decline = (b: Exclude<Behaviour, 'ok'>) => new CardError(DECLINES[b].message, DECLINES[b].code, DECLINES[b].declineCode);

/** Stripe's test card numbers and the token each one stands for. */
const TEST_NUMBERS: Record<string, { token: string } & TestCard> = {
  '4242424242424242': { token: 'tok_visa', brand: 'Visa', last4: '4242', behaviour: 'ok' },
  '4000056655665556': { token: 'tok_visa_debit', brand: 'Visa', last4: '5556', behaviour: 'ok' },
  '5555555555554444': { token: 'tok_mastercard', brand: 'MasterCard', last4: '4444', behaviour: 'ok' },
  '378282246310005': { token: 'tok_amex', brand: 'American Express', last4: '0005', behaviour: 'ok' },
  '4000000000000002': { token: 'tok_chargeDeclined', brand: 'Visa', last4: '0002', behaviour: 'declined' },
  '4000000000009995': { token: 'tok_chargeDeclinedInsufficientFunds', brand: 'Visa', last4: '9995', behaviour: 'insufficient_funds' },
  '4000000000000069': { token: 'tok_chargeDeclinedExpiredCard', brand: 'Visa', last4: '0069', behaviour: 'expired_card' },
  '4000000000000127': { token: 'tok_chargeDeclinedIncorrectCvc', brand: 'Visa', last4: '0127', behaviour: 'incorrect_cvc' },
  '4000000000000341': { token: 'tok_chargeCustomerFail', brand: 'Visa', last4: '0341', behaviour: 'charge_fails' },
};
const TEST_TOKENS = new Map(Object.values(TEST_NUMBERS).map((c) => [c.token, c]));

const NON_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

export type SandboxCharge = { id: string; customerId: string; cardId: string; amountCents: number; idempotencyKey: string };

export type SandboxPaymentProvider = PaymentProvider & {
  /** What Stripe.js does in the browser: turns card details into a one-time token. */
  createToken(card: SandboxCardInput, now: Date): string;
  /** The local Bancontact page's answer; returns where to send the browser back to. */
  completeBancontact(id: string, outcome: 'authorise' | 'decline'): { returnUrl: string; payment: RedirectPayment } | null;
  describeBancontact(id: string): (RedirectPayment & { returnUrl: string; description: string }) | null;
  /** Signs an event the way Stripe does (tests and the local page use it). */
  signWebhook(payload: string): string;
  /** Every successful card charge, for tests and the demo log. */
  readonly charges: readonly SandboxCharge[];
};

const rand = () => randomBytes(9).toString('base64url');

export function sandboxPaymentProvider(opts: { publicUrl: string; webhookSecret: string }): SandboxPaymentProvider {
  // No network: the SDK is only used for Stripe's webhook signature scheme.
  const stripe = new Stripe('sk_test_sandbox');
  const tokens = new Map<string, { card: TestCard; expMonth: number; expYear: number; expires: number }>();
  const idempotent = new Map<string, unknown>();
  const bancontact = new Map<string, RedirectPayment & { returnUrl: string; description: string }>();
  const charges: SandboxCharge[] = [];

  const once = async <T>(key: string, run: () => T): Promise<T> => {
    if (idempotent.has(key)) return idempotent.get(key) as T;
    const result = run();
    idempotent.set(key, result);
    return result;
  };

  const cardId = (c: TestCard) => `card_sbx_${c.behaviour}_${c.brand.replace(/\W/g, '')}_${c.last4}_${rand()}`;
  const behaviourOf = (id: string): Behaviour | null => {
    const m = /^card_sbx_([a-z_]+?)_[A-Za-z]+_\d{4}_/.exec(id);
    return m && (m[1] === 'ok' || m[1]! in DECLINES) ? (m[1] as Behaviour) : null;
  };

  return {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,
    charges,

    createToken(card, now) {
      const known = TEST_NUMBERS[card.number];
      if (!known) throw new CardError(NON_TEST_CARD, 'card_declined', 'test_mode_live_card');
      const end = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
      if (end <= now) throw new CardError("Your card's expiration date is in the past.", 'invalid_expiry_year');
      const id = `tok_sbx_${rand()}`;
      tokens.set(id, { card: known, expMonth: card.exp_month, expYear: card.exp_year, expires: now.getTime() + 10 * 60_000 });
      return id;
    },

    async createCustomer(_input, idempotencyKey) {
      return once(`customer:${idempotencyKey}`, () => `cus_sbx_${rand()}`);
    },

    async addCard(_customerId, token, idempotencyKey) {
      return once(`card:${idempotencyKey}`, (): StoredCard => {
        const made = tokens.get(token);
        const fixed = TEST_TOKENS.get(token);
        const card = made?.card ?? fixed;
        if (!card) throw new CardError(`No such token: '${token}'`, 'resource_missing');
        if (card.behaviour !== 'ok' && card.behaviour !== 'charge_fails') {
          throw decline(card.behaviour);
        }
        tokens.delete(token); // a token is single-use, as with Stripe
        const year = new Date().getUTCFullYear() + 2;
        return { id: cardId(card), brand: card.brand, last4: card.last4, exp_month: made?.expMonth ?? 12, exp_year: made?.expYear ?? year };
      });
    },

    async deleteCard() {},

    async chargeCard(input) {
      return once(`charge:${input.idempotencyKey}`, () => {
        const behaviour = behaviourOf(input.cardId);
        if (behaviour === null) throw new CardError('No such card.', 'resource_missing');
        if (behaviour !== 'ok') throw decline(behaviour);
        const id = `pi_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
        charges.push({ id, customerId: input.customerId, cardId: input.cardId, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
        return { id };
      });
    },

    async startBancontact(input) {
      return once(`bancontact:${input.idempotencyKey}`, () => {
        const id = `pi_sbx_bc_${rand()}`;
        bancontact.set(id, {
          id,
          status: 'pending',
          amountCents: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          returnUrl: input.returnUrl,
          description: input.description,
        });
        return { id, redirectUrl: `${opts.publicUrl}/sandbox/bancontact/${id}` };
      });
    },

    async getPayment(id) {
      const p = bancontact.get(id);
      return p ? { id: p.id, status: p.status, amountCents: p.amountCents, currency: p.currency, metadata: p.metadata } : null;
    },

    async cancelPayment(id) {
      const p = bancontact.get(id);
      if (!p) return null;
      if (p.status === 'pending') p.status = 'failed';
      return { id: p.id, status: p.status, amountCents: p.amountCents, currency: p.currency, metadata: p.metadata };
    },

    describeBancontact: (id) => bancontact.get(id) ?? null,

    completeBancontact(id, outcome) {
      const p = bancontact.get(id);
      if (!p) return null;
      if (p.status === 'pending') p.status = outcome === 'authorise' ? 'succeeded' : 'failed';
      return { returnUrl: p.returnUrl, payment: { id: p.id, status: p.status, amountCents: p.amountCents, currency: p.currency, metadata: p.metadata } };
    },

    signWebhook(payload) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    },

    parseWebhook: (rawBody, signatureHeader) => parseStripeWebhook(stripe, rawBody, signatureHeader, opts.webhookSecret),
  };
}
