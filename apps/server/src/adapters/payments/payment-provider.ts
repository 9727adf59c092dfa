/**
 * A card payment provider (SPEC section 7: card tokens, charges, a Bancontact redirect).
 * The embedded default is a sandbox that behaves like Stripe's test mode; the Stripe adapter is
 * the real one. Every write takes an idempotency key so a retried request never charges twice.
 */

import type { SandboxCardInput } from '@vm/domain';

export type StoredCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A redirect payment (Bancontact) as the provider reports it. */
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

/** The webhook's signature does not match: the request is not from the provider. */
export class WebhookSignatureError extends Error {}

/**
 * A Bancontact session the sender does not finish expires after this (the sandbox's does); a
 * payment still pending after it is past any bank session and the recovery job settles it.
 */
export const BANCONTACT_SESSION_MS = 60 * 60_000;

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
  /** Charges a stored card off-session. Throws CardError when declined. */
  chargeCard(input: {
    customerId: string;
    cardId: string;
    amountCents: number;
    currency: 'eur';
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;

  /** Starts a Bancontact payment; the browser goes to redirectUrl and comes back to returnUrl. */
  startBancontact(input: {
    amountCents: number;
    currency: 'eur';
    returnUrl: string;
    ownerName: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; redirectUrl: string }>;
  /** Asks the provider itself: a return URL's query string proves nothing. */
  getPayment(id: string): Promise<RedirectPayment | null>;
  /** Stops a redirect payment that was not completed, so the bank page can no longer take money; answers its final state. */
  cancelPayment(id: string): Promise<RedirectPayment | null>;

  /** What Stripe.js does in the browser: card details to a one-time token. Only the sandbox has it (its own card form). */
  createToken?(card: SandboxCardInput, now: Date): Promise<string>;

  /** Verifies a webhook's signature over the raw body. Throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
};
