import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import { payoutIdOf, type PayoutProvider, type PayoutStatus, SANDBOX_FAILING_IBAN, SANDBOX_SETTLE_SECONDS } from './payout-provider.ts';
import { parseStripePayoutWebhook } from './stripe-payout-provider.ts';

/** The sandbox signs payout events as Stripe does, so the webhook route is the same code (tests send them). */
export type SandboxPayoutProvider = PayoutProvider & { signWebhook?(payload: string): string };

/**
 * The embedded payout provider: SEPA payouts as a bank would handle them, kept in the database so
 * every process sees the same. A payout is pending for SANDBOX_SETTLE_SECONDS, then paid; one to
 * SANDBOX_FAILING_IBAN fails then, as a closed account would. The same idempotency key answers the
 * same payout.
 */
export function sandboxPayoutProvider({
  db,
  now = () => new Date(),
  webhookSecret = null,
  settleSeconds = SANDBOX_SETTLE_SECONDS,
}: {
  db: Db;
  now?: () => Date;
  webhookSecret?: string | null;
  /** How long a payout is pending (SANDBOX_PAYOUT_SETTLE_SECONDS). */
  settleSeconds?: number;
}): SandboxPayoutProvider {
  // No network: the SDK is only used for Stripe's webhook signature scheme.
  const stripe = webhookSecret ? new Stripe('sk_test_sandbox') : null;
  return {
    name: 'sandbox',

    async payee(p) {
      // The sandbox pays the IBAN it is given: nothing to open, nothing for the driver to fill in.
      return { payeeId: `sb_payee_${p.userId}`, onboardingUrl: null };
    },

    async pay(req, idempotencyKey) {
      if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new Error('a payout is a positive whole number of cents');
      const id = `po_sb_${randomBytes(8).toString('hex')}`;
      await db
        .insertInto('sandboxPayouts')
        .values({ id, idempotencyKey, iban: req.iban, amountCents: req.amountCents, createdAt: now() })
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .execute();
      const row = await db.selectFrom('sandboxPayouts').select('id').where('idempotencyKey', '=', idempotencyKey).executeTakeFirstOrThrow();
      return { id: row.id, status: 'pending' as PayoutStatus };
    },

    async sent(since) {
      const rows = await db.selectFrom('sandboxPayouts').select(['idempotencyKey', 'amountCents', 'iban']).where('createdAt', '>=', since).execute();
      // A payout to the failing IBAN never leaves the bank: nothing was sent.
      return rows.flatMap((r) => {
        const payoutId = payoutIdOf(r.idempotencyKey);
        return payoutId !== null && r.iban !== SANDBOX_FAILING_IBAN ? [{ payoutId, amountCents: r.amountCents }] : [];
      });
    },

    async status(id) {
      const row = await db.selectFrom('sandboxPayouts').select(['iban', 'createdAt']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new Error(`No such payout: ${id}`);
      if (now().getTime() - row.createdAt.getTime() < settleSeconds * 1000) return { status: 'pending', failureReason: null };
      if (row.iban === SANDBOX_FAILING_IBAN) return { status: 'failed', failureReason: 'The bank refused the transfer: the account is closed (sandbox test IBAN).' };
      return { status: 'paid', failureReason: null };
    },

    ...(stripe &&
      webhookSecret && {
        parseWebhook: (rawBody: Buffer, signatureHeader: string | undefined) => parseStripePayoutWebhook(stripe, rawBody, signatureHeader, webhookSecret),
        signWebhook: (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      }),
  };
}
