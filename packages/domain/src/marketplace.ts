import { z } from 'zod';
import { MONEY_STATUSES } from './settlement.ts';
import type { MessageKey } from './messages.ts';
import { OFFER_STATES } from './offer.ts';
import { shipmentCoreSchema } from './shipment.ts';
import { PAYMENT_METHODS, WAITING_METHODS } from './payment-methods.ts';
import { SHIPMENT_STATES } from './shipment-states.ts';
import { MAX_UNIX_SECONDS, rowIdSchema } from './wire.ts';

// Request bodies and read shapes of offers, driver actions, ratings and billing (SPEC sections 3 and 7).

/** A price in euros with at most 2 decimals, at least one cent, turned into integer cents once, here. */
export const priceEurosSchema = z
  .number({ error: 'price_invalid' })
  .min(0.01, 'price_invalid')
  .max(100_000, 'price_invalid')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'price_invalid')
  .transform((v) => Math.round(v * 100));

/** POST /api/driver/shipment/{id}/offer: make or re-price the driver's offer (price excl. VAT). */
/** The vehicle is the driver's choice; without one, their first vehicle that may bid (issue 21). */
export const driverOfferSchema = z.object({ price: priceEurosSchema, vehicle_id: rowIdSchema.optional() });

/**
 * What the driver's phone adds to an action it may have kept while offline: an id it made (the
 * server takes each once) and the time it was done (unix seconds; the server's time when absent).
 */
const offlineAction = {
  client_id: z.uuid({ error: 'invalid_body' }).optional(),
  at: z.number().int('invalid_body').min(0, 'invalid_body').max(MAX_UNIX_SECONDS, 'invalid_body').optional(),
};

/** POST /api/driver/shipment/{id}/status. */
export const driverStateSchema = z.object({ state: z.enum(SHIPMENT_STATES, { error: 'state_change_not_allowed' }), ...offlineAction });

/** POST /api/driver/shipment/{id}/location. */
export const driverLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** The phone's accuracy radius in metres (Geolocation API), kept with the position. */
  accuracy_m: z.number().min(0).max(100_000).optional(),
  ...offlineAction,
});

/** How old an action kept offline may be when it arrives; older ones are refused as stale. */
export const OFFLINE_ACTION_MAX_AGE_SECONDS = 7 * 86_400;
/** How far ahead of the server's clock a phone's clock may run. */
export const CLOCK_SKEW_SECONDS = 120;

/** POST /api/rating (SPEC section 7). */
export const ratingSchema = z.object({
  shipment_id: rowIdSchema,
  rating: z.number({ error: 'rating_range' }).int('rating_range').min(1, 'rating_range').max(5, 'rating_range'),
});

/** POST /api/billing/addcard (SPEC section 7). */
export const addCardSchema = z.object({ stripeToken: z.string().trim().min(1, 'required').max(255, 'too_long') });

/** The invoice toggle (SPEC section 4): request sets 'requested', cancel withdraws the request or approval. */
export const invoiceActionSchema = z.object({ action: z.enum(['request', 'cancel']) });

/**
 * The price the sender confirmed, sent with an accept (card, invoice or Bancontact): a total that
 * no longer matches (the insurance changed meanwhile) is refused with 409 instead of charged.
 * Optional: the offer id already pins the driver's price (a new price is a new offer).
 */
export const confirmedPriceSchema = z.object({ total: z.number().positive().max(10_000_000).optional() });
export type ConfirmedPrice = z.infer<typeof confirmedPriceSchema>;

/** Where the browser comes back to after a redirect payment, a route of our own app (never another site). */
const returnPathSchema = z.string().regex(/^\/[A-Za-z0-9/_-]{0,200}$/, 'return_path_invalid');

/** Bancontact: where the browser comes back to. */
export const bancontactStartSchema = confirmedPriceSchema.extend({ return_path: returnPathSchema });

/**
 * An accept: the confirmed total, and where a card's 3-D Secure challenge sends the browser back to
 * (optional: the job's page when absent). A card that asks for 3-D Secure answers 402
 * authentication_required with payment_id and redirect_url.
 */
export const acceptOfferSchema = confirmedPriceSchema.extend({ return_path: returnPathSchema.optional() });
export type AcceptOffer = z.infer<typeof acceptOfferSchema>;

/** Luhn check: catches typos in a card number before any provider call. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The sandbox card form (test mode only): what Stripe's own form would collect. */
export const sandboxCardSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(luhnValid, 'card_number_invalid'),
  exp_month: z.number({ error: 'card_expiry_invalid' }).int().min(1, 'card_expiry_invalid').max(12, 'card_expiry_invalid'),
  exp_year: z.number({ error: 'card_expiry_invalid' }).int().min(2000, 'card_expiry_invalid').max(2100, 'card_expiry_invalid'),
  cvc: z.string().regex(/^\d{3,4}$/, 'card_cvc_invalid'),
});
export type SandboxCardInput = z.infer<typeof sandboxCardSchema>;

/** GET /api/billing/cards and the answers of adding and deleting cards. */
export const cardReadSchema = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() });
export type CardRead = z.infer<typeof cardReadSchema>;

/**
 * A card refusal's catalogue text from the provider's codes (Stripe's `decline_code`, else its
 * `code`; Stripe.js uses the same names in the browser), so the user reads it in their language
 * whatever language the provider speaks. Unknown codes read as a plain refusal.
 */
const CARD_ERROR_KEYS: Record<string, MessageKey> = {
  insufficient_funds: 'card_insufficient_funds',
  expired_card: 'card_expired',
  incorrect_cvc: 'card_incorrect_cvc',
  invalid_cvc: 'card_cvc_invalid',
  incomplete_cvc: 'card_cvc_invalid',
  processing_error: 'card_processing_error',
  authentication_required: 'card_authentication_required',
  payment_incomplete: 'card_authentication_required',
  incorrect_number: 'card_number_invalid',
  invalid_number: 'card_number_invalid',
  incomplete_number: 'card_number_invalid',
  invalid_expiry_month: 'card_expiry_invalid',
  invalid_expiry_year: 'card_expiry_invalid',
  invalid_expiry_year_past: 'card_expiry_invalid',
  incomplete_expiry: 'card_expiry_invalid',
  test_mode_live_card: 'card_test_mode_only',
};
export function cardErrorKey(code: string | null | undefined, declineCode?: string | null): MessageKey {
  return (declineCode && CARD_ERROR_KEYS[declineCode]) || (code && CARD_ERROR_KEYS[code]) || 'card_declined';
}

/** A 402 card refusal: the usual {error, error_description} plus the provider's code and own words (shown as a detail). */
export const cardErrorBodySchema = z.object({
  error: z.literal('card_error'),
  error_description: z.string(),
  decline_code: z.string(),
  provider_message: z.string(),
});
export type CardErrorBody = z.infer<typeof cardErrorBodySchema>;

/**
 * A 409 for an accept whose price is not the one the sender saw: the driver changed it (a new
 * offer took the old one's place) or the insurance changed. Names the offer to confirm now.
 */
export const offerRepricedBodySchema = z.object({
  error: z.literal('conflict'),
  error_description: z.string(),
  offer_id: z.number(),
  /** The driver's transport price in euros, excl. VAT. */
  price: z.number(),
  /** What the sender would pay now, incl. VAT and insurance. */
  total: z.number(),
});
export type OfferRepricedBody = z.infer<typeof offerRepricedBodySchema>;

/**
 * GET /api/shipment/{id}/receipt: the sender's receipt of the paid offer, the same data as the
 * receipt mail (amounts in euros), with the moment it was paid and the mail's own lines.
 */
export const paymentReceiptSchema = z.object({
  reference: z.string(),
  driver_name: z.string(),
  total: z.number(),
  vat_percent: z.number(),
  vat_amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  card_last4: z.string().nullable(),
  /** Unix seconds. */
  paid_at: z.number(),
  subject: z.string(),
  lines: z.array(z.string()),
  /** Issue 22: where the money is now (held until delivery, on hold, released, refunded). */
  money: z.enum(MONEY_STATUSES),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/**
 * A Bancontact payment the sender started and did not finish (the bank tab was closed): it holds
 * the job until it is paid, stopped, or its bank session ends (then the server releases it).
 */
export const waitingPaymentSchema = z.object({
  id: z.number(),
  /** A Bancontact payment at the bank, or a card payment at its 3-D Secure challenge. */
  method: z.enum(WAITING_METHODS),
  offer_id: z.number(),
  /** Euros incl. VAT, as the sender confirmed them. */
  total: z.number(),
  /** Unix seconds: when it was started, and when the bank session ends. */
  started_at: z.number(),
  expires_at: z.number(),
});
export type WaitingPayment = z.infer<typeof waitingPaymentSchema>;

/** A shipment as a driver sees it: their own offer, never the others'. */
export const driverJobReadSchema = shipmentCoreSchema.extend({
  my_offer: z.object({ id: z.number(), price: z.number(), state: z.enum(OFFER_STATES) }).nullable(),
});
export type DriverJobRead = z.infer<typeof driverJobReadSchema>;
