/**
 * A card payment provider (SPEC section 7: card tokens, charges, a Bancontact redirect).
 * The embedded default is a sandbox that behaves like Stripe's test mode; the Stripe adapter is
 * the real one. Every write takes an idempotency key so a retried request never charges twice.
 */

import type { SandboxCardInput } from '@vm/domain';

export type StoredCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A redirect payment (Bancontact, or a card's 3-D Secure challenge) as the provider reports it. */
export type RedirectPayment = { id: string; status: PaymentStatus; amountCents: number; currency: string; metadata: Record<string, string> };

/** A webhook event, already verified and reduced to what we act on. */
export type PaymentEvent = { id: string; type: string; payment: RedirectPayment | null };

/**
 * The card was refused or is unusable. `code` and `declineCode` are the provider's (Stripe's
 * names); they choose the catalogue text the user reads. `message` is the provider's own text,
 * shown only as a detail.
 */
export class CardError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly declineCode: string | null = null,
  ) {
    super(message);
  }
}

/**
 * A refund the provider refused: more than is left of the charge (`amount_too_large`), a charge
 * already refunded in full (`charge_already_refunded`), or a payment it does not know
 * (`resource_missing`). Stripe's codes.
 */
export class RefundError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * A card charge's answer: paid, or the card asks for 3-D Secure first. Then the browser goes to
 * redirectUrl (the issuer's challenge) and comes back to the charge's returnUrl; the payment's
 * outcome is then asked of the provider (getPayment) or told by a webhook, as a Bancontact one's.
 */
export type CardCharge = { status: 'succeeded'; id: string } | { status: 'requires_action'; id: string; redirectUrl: string };

export type RefundStatus = 'succeeded' | 'pending' | 'failed';

/** Our payment's id in a provider's record of it (metadata payment_id, or the key `payment-<id>`); null when it carries none. */
export const paymentIdOf = (keyOrId: string | undefined): number | null => {
  const m = /^(?:payment-)?(\d+)$/.exec(keyOrId ?? '');
  return m ? Number(m[1]) : null;
};
/** Our refund's id in a provider's record of it (the key `refund-<id>`); null when it carries none. */
export const refundIdOf = (key: string | undefined): number | null => {
  const m = /^refund-(\d+)$/.exec(key ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * What the provider holds, for the reconciliation with the ledger: every payment it took (a card
 * charge, a redirect payment that succeeded) and every refund it made, with the ids we gave them.
 */
export type ProviderActivity = {
  payments: { ref: string; amountCents: number; paymentId: number | null }[];
  refunds: { ref: string; paymentRef: string; amountCents: number; refundId: number | null }[];
};

/** The webhook's signature does not match: the request is not from the provider. */
export class WebhookSignatureError extends Error {}

/**
 * A Bancontact session the sender does not finish expires after this (the sandbox's does); a
 * payment still pending after it is past any bank session and the recovery job settles it.
 */
export const BANCONTACT_SESSION_MS = 60 * 60_000;

/** A 3-D Secure challenge left open is given up after as long as a bank session (the sandbox's expires then). */
export const CARD_CHALLENGE_MS = BANCONTACT_SESSION_MS;

export type PaymentProvider = {
  readonly name: 'sandbox' | 'stripe';
  /** Test mode: the UI says so, and only test cards work. */
  readonly testMode: boolean;
  /** For Stripe Elements in the browser; null in the sandbox (our own card form). */
  readonly publishableKey: string | null;

  createCustomer(input: { email: string; name: string; userId: number }, idempotencyKey: string): Promise<string>;
  /** Attaches a card token (e.g. tok_visa) to the customer. Throws CardError when refused. */
  addCard(customerId: string, token: string, idempotencyKey: string): Promise<StoredCard>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
  /**
   * Charges a stored card. With a returnUrl the sender is present (accepting an offer), so a card
   * that asks for 3-D Secure answers 'requires_action' with the challenge's address; without one the
   * charge is off-session and such a card is refused (CardError 'authentication_required'). Throws
   * CardError when declined. A retry with the same key must send the same input.
   */
  chargeCard(input: {
    customerId: string;
    cardId: string;
    amountCents: number;
    currency: 'eur';
    description: string;
    metadata: Record<string, string>;
    /** Groups the charge with the transfers of the same job (Stripe Connect's transfer_group): the job's reference. */
    transferGroup?: string;
    returnUrl?: string;
    idempotencyKey: string;
  }): Promise<CardCharge>;

  /** Starts a Bancontact payment; the browser goes to redirectUrl and comes back to returnUrl. */
  startBancontact(input: {
    amountCents: number;
    currency: 'eur';
    returnUrl: string;
    ownerName: string;
    description: string;
    metadata: Record<string, string>;
    transferGroup?: string;
    idempotencyKey: string;
  }): Promise<{ id: string; redirectUrl: string }>;
  /**
   * Gives back part or all of a succeeded payment (a card charge, a challenge or a Bancontact
   * payment that succeeded). Several partial refunds may follow each other; their total never
   * exceeds the charge (RefundError). The same key answers the same refund and refunds nothing more.
   */
  refund(input: { paymentRef: string; amountCents: number; reason: string; idempotencyKey: string }): Promise<{ id: string; status: RefundStatus }>;

  /** Every payment the provider took and every refund it made since `since` (the reconciliation reads it). */
  activity(since: Date): Promise<ProviderActivity>;

  /** Asks the provider itself: a return URL's query string proves nothing. */
  getPayment(id: string): Promise<RedirectPayment | null>;
  /** Stops a redirect payment that was not completed, so the bank page can no longer take money; answers its final state. */
  cancelPayment(id: string): Promise<RedirectPayment | null>;

  /** What Stripe.js does in the browser: card details to a one-time token. Only the sandbox has it (its own card form). */
  createToken?(card: SandboxCardInput, now: Date): Promise<string>;

  /** Verifies a webhook's signature over the raw body. Throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
};
