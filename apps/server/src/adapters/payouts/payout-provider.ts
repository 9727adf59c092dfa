/**
 * Issue 22 part 3: paying drivers. The embedded default is a sandbox of SEPA payouts (pending, then
 * paid; or failed for the documented test IBAN); the real one is Stripe Connect (a connected
 * account per driver with Stripe-hosted onboarding, a transfer per shipment grouped by
 * transfer_group, then a payout to the driver's bank). Every write takes an idempotency key so a
 * retry or a second process never pays twice. Never call this escrow: the platform holds funds.
 */

export type PayoutStatus = 'pending' | 'paid' | 'failed';

/** Our payout's id from the key it was sent with (`payout-<id>`, or a transfer's `payout-<id>:transfer:<reference>`); null for another key. */
export const payoutIdOf = (key: string | undefined): number | null => {
  const m = /^payout-(\d+)(?::|$)/.exec(key ?? '');
  return m ? Number(m[1]) : null;
};

/** The driver as the provider needs them. */
export type Payee = { userId: number; name: string; email: string; iban: string };

export type PayoutRequest = {
  payeeId: string;
  /** Where the sandbox sends it; Stripe pays the bank account of the connected account. */
  iban: string;
  amountCents: number;
  currency: 'eur';
  /** On the driver's bank statement. */
  reference: string;
  /** What the payout is made of, per shipment (Stripe: one transfer each, transfer_group = the shipment's reference). */
  shipments: { reference: string; amountCents: number }[];
};

/**
 * A verified payout webhook event (Stripe Connect: payout.paid, payout.failed, payout.canceled,
 * payout.updated), reduced to what we act on: the payout by our id for it (what pay() returned) and
 * its status then. `payout` is null for an event we do not act on.
 */
export type PayoutEvent = { id: string; type: string; payout: { id: string; status: PayoutStatus; failureReason: string | null } | null };

/** The webhook's signature does not match: the request is not from the provider. */
export class PayoutWebhookSignatureError extends Error {}

export type PayoutProvider = {
  readonly name: 'sandbox' | 'stripe';
  /**
   * The account a driver's money goes to, made once per driver (the key makes a retry return the
   * same). onboardingUrl: a Stripe-hosted page the driver must finish before money can go out
   * (null when nothing is asked, as in the sandbox).
   */
  payee(p: Payee, idempotencyKey: string): Promise<{ payeeId: string; onboardingUrl: string | null }>;
  /** Whether the payee can receive money now (Stripe: onboarding finished); absent when always (the sandbox). */
  payoutsEnabled?(payeeId: string): Promise<boolean>;
  /** Sends released money to a payee. */
  pay(input: PayoutRequest, idempotencyKey: string): Promise<{ id: string; status: PayoutStatus }>;
  /** Where a payout is; a failure says why in the provider's words. */
  status(id: string): Promise<{ status: PayoutStatus; failureReason: string | null }>;
  /**
   * The money the provider sent out for our payouts since `since`, by our payout's id (from the
   * payout's key, `payout-<id>`): what the reconciliation compares with the ledger.
   */
  sent(since: Date): Promise<{ payoutId: number; amountCents: number }[]>;
  /**
   * Verifies a webhook's signature over the raw body (Stripe-Signature) and reads the event; absent
   * when no webhook secret is configured (payouts then settle by asking status()). Throws
   * PayoutWebhookSignatureError.
   */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PayoutEvent;
};

/**
 * The sandbox's test IBAN whose payouts fail, as a bank would refuse a closed account (Stripe's test
 * mode has such account numbers too). It passes the IBAN check, so a driver can enter it.
 */
export const SANDBOX_FAILING_IBAN = 'BE29000000666064';
/** A sandbox payout is pending this long before it is paid (a SEPA credit transfer takes about a day; tests move the clock). */
export const SANDBOX_SETTLE_SECONDS = 60;
