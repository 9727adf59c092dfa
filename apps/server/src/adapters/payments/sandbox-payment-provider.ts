import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { SandboxCardInput } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { BANCONTACT_SESSION_MS, CARD_CHALLENGE_MS, CardError, type PaymentProvider, paymentIdOf, type RedirectPayment, RefundError, refundIdOf, type StoredCard } from './payment-provider.ts';
import { parseStripeWebhook } from './stripe-payment-provider.ts';

// The embedded default: behaves like Stripe's test mode for the documented test tokens and card
// numbers (https://docs.stripe.com/testing), so the UI, the errors and the tests are the same as
// with the real provider. No money moves. What Stripe keeps on its side (tokens, idempotent
// answers, Bancontact sessions, charges) is kept in the database, so a restart or another process
// behind the same proxy sees the same provider. Card ids carry their own behaviour.

// 'authenticate': the card asks for 3-D Secure on every payment (Stripe's 4000 0027 6000 3184 and
// 4000 0000 0000 3220). 4000 0025 0000 3155 asks "until set up for off-session use"; we never set
// cards up for off-session use (a charge is made while the sender accepts), so it asks every time too.
type Behaviour = 'ok' | 'authenticate' | 'declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'charge_fails';
type Refusal = Exclude<Behaviour, 'ok' | 'authenticate'>;
type TestCard = { brand: string; last4: string; behaviour: Behaviour };

// Stripe's codes, decline codes and (English) messages for its test cards.
const DECLINES: Record<Refusal, { code: string; declineCode: string | null; message: string }> = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', declineCode: null, message: "Your card's security code is incorrect." },
  charge_fails: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
};
const decline = (b: Refusal) => new CardError(DECLINES[b].message, DECLINES[b].code, DECLINES[b].declineCode);

/** Stripe's test card numbers and the token each one stands for. */
const TEST_NUMBERS: Record<string, { token: string } & TestCard> = {
  '4242424242424242': { token: 'tok_visa', brand: 'Visa', last4: '4242', behaviour: 'ok' },
  '4000056655665556': { token: 'tok_visa_debit', brand: 'Visa', last4: '5556', behaviour: 'ok' },
  '5555555555554444': { token: 'tok_mastercard', brand: 'MasterCard', last4: '4444', behaviour: 'ok' },
  '378282246310005': { token: 'tok_amex', brand: 'American Express', last4: '0005', behaviour: 'ok' },
  '4000002760003184': { token: 'tok_authenticationRequired', brand: 'Visa', last4: '3184', behaviour: 'authenticate' },
  '4000002500003155': { token: 'tok_authenticationRequiredOnSetup', brand: 'Visa', last4: '3155', behaviour: 'authenticate' },
  '4000000000003220': { token: 'tok_threeDSecure2Required', brand: 'Visa', last4: '3220', behaviour: 'authenticate' },
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

/** A redirect session: a Bancontact bank page or a card's 3-D Secure challenge. */
export type SandboxBancontact = RedirectPayment & { returnUrl: string; description: string; kind: 'bancontact' | 'card_challenge' };

/** Stripe's answer when an off-session charge meets a card that wants 3-D Secure. */
const AUTHENTICATION_REQUIRED = () => new CardError('Your card was declined. This transaction requires authentication.', 'authentication_required', 'authentication_required');

export type SandboxPaymentProvider = PaymentProvider & {
  /** What Stripe.js does in the browser: turns card details into a one-time token. */
  createToken(card: SandboxCardInput, now: Date): Promise<string>;
  /** The local Bancontact page's (or 3-D Secure challenge page's) answer; returns where to send the browser back to. */
  completeBancontact(id: string, outcome: 'authorise' | 'decline'): Promise<{ returnUrl: string; payment: RedirectPayment } | null>;
  /** Every refund, oldest first, for tests. */
  refunds(): Promise<{ id: string; paymentId: string; amountCents: number; idempotencyKey: string; reason: string }[]>;
  describeBancontact(id: string): Promise<SandboxBancontact | null>;
  /** Signs an event the way Stripe does (tests and the local page use it). */
  signWebhook(payload: string): string;
  /** Every successful card charge, oldest first, for tests and the demo log. */
  charges(): Promise<SandboxCharge[]>;
};

/** A one-time token is good for 10 minutes, as Stripe's. */
const TOKEN_LIFE_MS = 10 * 60_000;

const rand = () => randomBytes(9).toString('base64url');

type StoredError = { message: string; code: string; declineCode: string | null };

/** Thrown inside a transaction to roll it back when another call already holds the key. */
class KeyTaken extends Error {}

/**
 * The webhook secret when none is configured: made once, stored in the database, and read by every
 * process, so an event signed by one process verifies on another and after a restart.
 */
async function storedWebhookSecret(db: Db): Promise<string> {
  await db
    .insertInto('sandboxSettings')
    .values({ name: 'webhook_secret', value: `whsec_sandbox_${randomBytes(24).toString('hex')}` })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('sandboxSettings').select('value').where('name', '=', 'webhook_secret').executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The sandbox on the given database. Async because the webhook secret (when webhookSecret is null)
 * is read from the database before the first webhook can be verified.
 */
export async function sandboxPaymentProvider(opts: { db: Db; publicUrl: string; webhookSecret: string | null; now?: () => Date }): Promise<SandboxPaymentProvider> {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const webhookSecret = opts.webhookSecret ?? (await storedWebhookSecret(db));
  // No network: the SDK is only used for Stripe's webhook signature scheme.
  const stripe = new Stripe('sk_test_sandbox');

  /**
   * Stripe's idempotency: the first call with a key runs, and every later call with that key gets
   * the same answer, a result or the same card error. The key's row is inserted first, in the
   * transaction that makes the effects: a concurrent call with the key waits on that row, finds it
   * taken (on conflict do nothing) and reads the committed answer. Any other error rolls it all back.
   */
  const once = async <T>(key: string, run: (trx: Db) => Promise<T>): Promise<T> => {
    const replay = (row: { result: string | null; error: string | null }): T => {
      if (row.error !== null) {
        const e = JSON.parse(row.error) as StoredError;
        throw new CardError(e.message, e.code, e.declineCode);
      }
      return JSON.parse(row.result!) as T;
    };
    const read = () => db.selectFrom('sandboxIdempotency').select(['result', 'error']).where('key', '=', key).executeTakeFirst();
    const before = await read();
    if (before) return replay(before);
    try {
      const answer = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .insertInto('sandboxIdempotency')
          .values({ key, result: null, error: null, createdAt: now() })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!taken) throw new KeyTaken();
        let stored: { result: string | null; error: string | null };
        try {
          stored = { result: JSON.stringify(await run(trx)), error: null };
        } catch (err) {
          if (!(err instanceof CardError)) throw err;
          stored = { result: null, error: JSON.stringify({ message: err.message, code: err.code, declineCode: err.declineCode } satisfies StoredError) };
        }
        await trx.updateTable('sandboxIdempotency').set(stored).where('key', '=', key).execute();
        return stored;
      });
      return replay(answer);
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err;
      return replay((await read())!);
    }
  };

  const cardId = (c: TestCard) => `card_sbx_${c.behaviour}_${c.brand.replace(/\W/g, '')}_${c.last4}_${rand()}`;
  const behaviourOf = (id: string): Behaviour | null => {
    const m = /^card_sbx_([a-z_]+?)_[A-Za-z]+_\d{4}_/.exec(id);
    return m && (m[1] === 'ok' || m[1] === 'authenticate' || m[1]! in DECLINES) ? (m[1] as Behaviour) : null;
  };

  /** A session past its life fails, as an expired bank session does; read and written through this. */
  const expire = (trx: Db, id: string) =>
    trx.updateTable('sandboxBancontact').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').where('expiresAt', '<=', now()).execute();
  const session = async (id: string): Promise<SandboxBancontact | null> => {
    await expire(db, id);
    const r = await db.selectFrom('sandboxBancontact').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    return { id: r.id, status: r.status, amountCents: r.amountCents, currency: r.currency, metadata: JSON.parse(r.metadata) as Record<string, string>, returnUrl: r.returnUrl, description: r.description, kind: r.kind };
  };
  const asPayment = ({ id, status, amountCents, currency, metadata }: SandboxBancontact): RedirectPayment => ({ id, status, amountCents, currency, metadata });
  /** A page the browser is sent to (the bank's Bancontact page, a card's 3-D Secure challenge), open for `lifeMs`. */
  const openRedirect = async (
    trx: Db,
    kind: 'bancontact' | 'card_challenge',
    id: string,
    p: { amountCents: number; currency: string; metadata: Record<string, string>; returnUrl: string; description: string },
    lifeMs: number,
  ): Promise<string> => {
    const at = now();
    await trx
      .insertInto('sandboxBancontact')
      .values({ id, kind, status: 'pending', amountCents: p.amountCents, currency: p.currency, metadata: JSON.stringify(p.metadata), returnUrl: p.returnUrl, description: p.description, createdAt: at, expiresAt: new Date(at.getTime() + lifeMs) })
      .execute();
    return id;
  };

  return {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,

    async charges() {
      const rows = await db.selectFrom('sandboxCharges').select(['id', 'customerId', 'cardId', 'amountCents', 'idempotencyKey']).orderBy('createdAt').orderBy('id').execute();
      return rows;
    },

    async createToken(card, at) {
      const known = TEST_NUMBERS[card.number];
      if (!known) throw new CardError(NON_TEST_CARD, 'card_declined', 'test_mode_live_card');
      const end = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
      if (end <= at) throw new CardError("Your card's expiration date is in the past.", 'invalid_expiry_year');
      // Tokens nobody used are of no use after their life: each new one clears the old ones.
      await db.deleteFrom('sandboxTokens').where('expiresAt', '<=', at).execute();
      const id = `tok_sbx_${rand()}`;
      await db.insertInto('sandboxTokens').values({ id, testToken: known.token, expMonth: card.exp_month, expYear: card.exp_year, expiresAt: new Date(at.getTime() + TOKEN_LIFE_MS) }).execute();
      return id;
    },

    async createCustomer(_input, idempotencyKey) {
      return once(`customer:${idempotencyKey}`, async () => `cus_sbx_${rand()}`);
    },

    async addCard(_customerId, token, idempotencyKey) {
      return once(`card:${idempotencyKey}`, async (trx): Promise<StoredCard> => {
        const made = await trx.selectFrom('sandboxTokens').selectAll().where('id', '=', token).where('expiresAt', '>', now()).executeTakeFirst();
        const card = made ? TEST_TOKENS.get(made.testToken) : TEST_TOKENS.get(token);
        if (!card) throw new CardError(`No such token: '${token}'`, 'resource_missing');
        if (card.behaviour !== 'ok' && card.behaviour !== 'authenticate' && card.behaviour !== 'charge_fails') {
          throw decline(card.behaviour);
        }
        // A token is single-use, as with Stripe.
        if (made) await trx.deleteFrom('sandboxTokens').where('id', '=', token).execute();
        const year = now().getUTCFullYear() + 2;
        return { id: cardId(card), brand: card.brand, last4: card.last4, exp_month: made?.expMonth ?? 12, exp_year: made?.expYear ?? year };
      });
    },

    async deleteCard() {},

    async chargeCard(input) {
      return once(`charge:${input.idempotencyKey}`, async (trx) => {
        const behaviour = behaviourOf(input.cardId);
        if (behaviour === null) throw new CardError('No such card.', 'resource_missing');
        if (behaviour === 'authenticate') {
          // Off-session nobody can answer the challenge; on-session the browser goes to it.
          if (!input.returnUrl) throw AUTHENTICATION_REQUIRED();
          const id = await openRedirect(trx, 'card_challenge', `pi_sbx_3ds_${rand()}`, { ...input, returnUrl: input.returnUrl }, CARD_CHALLENGE_MS);
          return { status: 'requires_action' as const, id, redirectUrl: `${opts.publicUrl}/sandbox/3ds/${id}` };
        }
        if (behaviour !== 'ok') throw decline(behaviour);
        const id = `pi_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
        await trx
          .insertInto('sandboxCharges')
          .values({ id, idempotencyKey: input.idempotencyKey, customerId: input.customerId, cardId: input.cardId, amountCents: input.amountCents, createdAt: now() })
          .execute();
        return { status: 'succeeded' as const, id };
      });
    },

    async startBancontact(input) {
      return once(`bancontact:${input.idempotencyKey}`, async (trx) => {
        const id = await openRedirect(trx, 'bancontact', `pi_sbx_bc_${rand()}`, input, BANCONTACT_SESSION_MS);
        return { id, redirectUrl: `${opts.publicUrl}/sandbox/bancontact/${id}` };
      });
    },

    async getPayment(id) {
      const p = await session(id);
      return p && asPayment(p);
    },

    async cancelPayment(id) {
      await db.updateTable('sandboxBancontact').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').execute();
      const p = await session(id);
      return p && asPayment(p);
    },

    describeBancontact: session,

    async refund(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new RefundError('Invalid positive integer', 'parameter_invalid_integer');
      return once(`refund:${input.idempotencyKey}`, async (trx) => {
        // The charge's row is locked, so two refunds of one payment at once cannot both fit.
        const card = await trx.selectFrom('sandboxCharges').select('amountCents').where('id', '=', input.paymentRef).forUpdate().executeTakeFirst();
        const redirect = card
          ? null
          : await trx.selectFrom('sandboxBancontact').select(['amountCents', 'status']).where('id', '=', input.paymentRef).forUpdate().executeTakeFirst();
        if (!card && !redirect) throw new RefundError(`No such payment_intent: '${input.paymentRef}'`, 'resource_missing');
        if (redirect && redirect.status !== 'succeeded') throw new RefundError(`This PaymentIntent (${input.paymentRef}) does not have a successful charge to refund.`, 'charge_not_refundable');
        const charged = (card ?? redirect)!.amountCents;
        const done = await trx.selectFrom('sandboxRefunds').select((eb) => eb.fn.sum<string | number | null>('amountCents').as('total')).where('paymentId', '=', input.paymentRef).executeTakeFirst();
        const refunded = Number(done?.total ?? 0);
        if (refunded >= charged) throw new RefundError(`Charge for ${input.paymentRef} has already been refunded.`, 'charge_already_refunded');
        if (refunded + input.amountCents > charged) {
          throw new RefundError(`Refund amount (€${(input.amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((charged - refunded) / 100).toFixed(2)})`, 'amount_too_large');
        }
        const id = `re_sbx_${rand()}`;
        await trx.insertInto('sandboxRefunds').values({ id, idempotencyKey: input.idempotencyKey, paymentId: input.paymentRef, amountCents: input.amountCents, reason: input.reason, createdAt: now() }).execute();
        return { id, status: 'succeeded' as const };
      });
    },

    async activity(since) {
      const [charges, redirects, refunds] = await Promise.all([
        db.selectFrom('sandboxCharges').select(['id', 'amountCents', 'idempotencyKey']).where('createdAt', '>=', since).execute(),
        db.selectFrom('sandboxBancontact').select(['id', 'amountCents', 'metadata']).where('status', '=', 'succeeded').where('createdAt', '>=', since).execute(),
        db.selectFrom('sandboxRefunds').select(['id', 'paymentId', 'amountCents', 'idempotencyKey']).where('createdAt', '>=', since).execute(),
      ]);
      return {
        payments: [
          ...charges.map((c) => ({ ref: c.id, amountCents: c.amountCents, paymentId: paymentIdOf(c.idempotencyKey) })),
          ...redirects.map((r) => ({ ref: r.id, amountCents: r.amountCents, paymentId: paymentIdOf((JSON.parse(r.metadata) as Record<string, string>).payment_id) })),
        ],
        refunds: refunds.map((r) => ({ ref: r.id, paymentRef: r.paymentId, amountCents: r.amountCents, refundId: refundIdOf(r.idempotencyKey) })),
      };
    },

    async refunds() {
      return db.selectFrom('sandboxRefunds').select(['id', 'paymentId', 'amountCents', 'idempotencyKey', 'reason']).orderBy('createdAt').orderBy('id').execute();
    },

    async completeBancontact(id, outcome) {
      // Only a live session takes an answer; the update decides, so two answers at once give one outcome.
      await expire(db, id);
      await db
        .updateTable('sandboxBancontact')
        .set({ status: outcome === 'authorise' ? 'succeeded' : 'failed' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      const p = await session(id);
      return p && { returnUrl: p.returnUrl, payment: asPayment(p) };
    },

    signWebhook(payload) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },

    parseWebhook: (rawBody, signatureHeader) => parseStripeWebhook(stripe, rawBody, signatureHeader, webhookSecret),
  };
}
