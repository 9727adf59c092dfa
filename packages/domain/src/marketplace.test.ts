import { describe, expect, it } from 'vitest';
import { invoiceToggleAction } from './user.ts';
import {
  addCardSchema,
  bancontactStartSchema,
  cardErrorKey,
  cardErrorBodySchema,
  cardReadSchema,
  confirmedPriceSchema,
  offerRepricedBodySchema,
  paymentReceiptSchema,
  driverLocationSchema,
  driverOfferSchema,
  driverStateSchema,
  invoiceActionSchema,
  luhnValid,
  priceEurosSchema,
  ratingSchema,
  sandboxCardSchema,
  waitingPaymentSchema,
} from './marketplace.ts';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('a driver’s price (euros with 2 decimals, excl. VAT)', () => {
  it('becomes whole cents', () => {
    expect(priceEurosSchema.parse(145.2)).toBe(14520);
    expect(priceEurosSchema.parse(0.01)).toBe(1);
    expect(priceEurosSchema.parse(100_000)).toBe(10_000_000);
    expect(driverOfferSchema.parse({ price: 19.99 })).toEqual({ price: 1999 });
  });

  it('is positive, at most 100,000 euros and has no fraction of a cent', () => {
    expect(message(priceEurosSchema.safeParse(0))).toBe('price_invalid');
    expect(message(priceEurosSchema.safeParse(-5))).toBe('price_invalid');
    expect(message(priceEurosSchema.safeParse(100_000.01))).toBe('price_invalid');
    expect(message(priceEurosSchema.safeParse(10.005))).toBe('price_invalid');
    expect(message(priceEurosSchema.safeParse('10'))).toBe('price_invalid');
  });
});

describe('driver actions', () => {
  it('a state must be one of the shipment states', () => {
    expect(driverStateSchema.parse({ state: 'loading' })).toEqual({ state: 'loading' });
    expect(message(driverStateSchema.safeParse({ state: 'flying' }))).toBe('state_change_not_allowed');
  });

  it('a position lies on the globe', () => {
    expect(driverLocationSchema.safeParse({ lat: 90, lng: 180 }).success).toBe(true);
    expect(driverLocationSchema.safeParse({ lat: -90, lng: -180 }).success).toBe(true);
    for (const bad of [{ lat: 90.5, lng: 0 }, { lat: -90.5, lng: 0 }, { lat: 0, lng: 180.5 }, { lat: 0, lng: -180.5 }]) expect(driverLocationSchema.safeParse(bad).success).toBe(false);
  });
});

describe('a rating (SPEC section 9: 1 to 5 stars)', () => {
  it('is a whole number of stars from 1 to 5 for a shipment', () => {
    expect(ratingSchema.parse({ shipment_id: 4, rating: 1 })).toEqual({ shipment_id: 4, rating: 1 });
    expect(ratingSchema.safeParse({ shipment_id: 4, rating: 5 }).success).toBe(true);
    for (const rating of [0, 6, 4.5, undefined]) expect(message(ratingSchema.safeParse({ shipment_id: 4, rating }))).toBe('rating_range');
    expect(ratingSchema.safeParse({ shipment_id: 0, rating: 3 }).success).toBe(false);
    expect(ratingSchema.safeParse({ shipment_id: 1.5, rating: 3 }).success).toBe(false);
  });
});

describe('billing (SPEC sections 4 and 7)', () => {
  it('adding a card needs the provider’s token', () => {
    expect(addCardSchema.parse({ stripeToken: ' tok_1 ' })).toEqual({ stripeToken: 'tok_1' });
    expect(message(addCardSchema.safeParse({ stripeToken: ' ' }))).toBe('required');
    expect(addCardSchema.safeParse({ stripeToken: 't'.repeat(255) }).success).toBe(true);
    expect(message(addCardSchema.safeParse({ stripeToken: 't'.repeat(256) }))).toBe('too_long');
  });

  it('the invoice toggle reads cancel when requested or approved, request when rejected or unset', () => {
    expect(invoiceToggleAction('requested')).toBe('cancel');
    expect(invoiceToggleAction('approved')).toBe('cancel');
    expect(invoiceToggleAction('rejected')).toBe('request');
    expect(invoiceToggleAction(null)).toBe('request');
    expect(invoiceActionSchema.safeParse({ action: 'request' }).success).toBe(true);
    expect(invoiceActionSchema.safeParse({ action: 'cancel' }).success).toBe(true);
    expect(invoiceActionSchema.safeParse({ action: 'approve' }).success).toBe(false);
  });

  it('Bancontact returns only to a path of our own app, never to another site', () => {
    expect(bancontactStartSchema.safeParse({ return_path: '/shipments/12/pay' }).success).toBe(true);
    expect(bancontactStartSchema.safeParse({ return_path: '/' }).success).toBe(true);
    for (const bad of ['https://evil.example/', '//evil.example', 'shipments', '/a?next=x', `/${'a'.repeat(201)}`, '/x\n']) {
      expect(message(bancontactStartSchema.safeParse({ return_path: bad })), bad).toBe('return_path_invalid');
    }
  });
});

describe('the sandbox card form', () => {
  it('checks the card number with Luhn, 12 to 19 digits', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('378282246310006')).toBe(false);
    // A doubled digit above 9 counts as its digit sum: 5 doubled is 10, counted 1.
    expect(luhnValid('000000000059')).toBe(true);
    expect(luhnValid('00000000000')).toBe(false);
    expect(luhnValid('000000000000')).toBe(true);
    expect(luhnValid('0'.repeat(19))).toBe(true);
    expect(luhnValid('0'.repeat(20))).toBe(false);
    expect(luhnValid('x4242424242424242')).toBe(false);
    expect(luhnValid('4242424242424242x')).toBe(false);
  });

  it('accepts a number with spaces or dashes, a month 1-12, a plausible year and a 3 or 4 digit CVC', () => {
    const card = { number: '4242 4242-4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
    expect(sandboxCardSchema.parse(card)).toEqual({ ...card, number: '4242424242424242' });
    expect(message(sandboxCardSchema.safeParse({ ...card, number: '4242 4242 4242 4241' }))).toBe('card_number_invalid');
    expect(sandboxCardSchema.safeParse({ ...card, exp_month: 1, exp_year: 2000, cvc: '1234' }).success).toBe(true);
    expect(sandboxCardSchema.safeParse({ ...card, exp_year: 2100 }).success).toBe(true);
    for (const bad of [{ exp_month: 0 }, { exp_month: 13 }, { exp_month: undefined }, { exp_year: 1999 }, { exp_year: 2101 }, { exp_year: undefined }, { exp_year: '2030' }]) {
      expect(message(sandboxCardSchema.safeParse({ ...card, ...bad }))).toBe('card_expiry_invalid');
    }
    for (const cvc of ['12', '12345', 'abc', ' 123']) expect(message(sandboxCardSchema.safeParse({ ...card, cvc }))).toBe('card_cvc_invalid');
  });
});

describe('a card refusal in the user\u2019s language', () => {
  it('reads the decline code first, then the error code, and a plain refusal for anything unknown', () => {
    expect(cardErrorKey('card_declined', 'insufficient_funds')).toBe('card_insufficient_funds');
    expect(cardErrorKey('expired_card', 'generic_decline')).toBe('card_expired');
    expect(cardErrorKey('expired_card', null)).toBe('card_expired');
    expect(cardErrorKey('incorrect_cvc')).toBe('card_incorrect_cvc');
    expect(cardErrorKey('invalid_number')).toBe('card_number_invalid');
    expect(cardErrorKey('invalid_expiry_year_past')).toBe('card_expiry_invalid');
    expect(cardErrorKey('payment_incomplete')).toBe('card_authentication_required');
    expect(cardErrorKey('test_mode_live_card')).toBe('card_test_mode_only');
    expect(cardErrorKey('processing_error')).toBe('card_processing_error');
    expect(cardErrorKey('something_new', 'also_new')).toBe('card_declined');
    expect(cardErrorKey(null)).toBe('card_declined');
    expect(cardErrorKey(undefined, undefined)).toBe('card_declined');
  });
});

describe('the sender\u2019s receipt', () => {
  const receipt = { reference: 'VM00000001', driver_name: 'Jan M.', total: 73.21, vat_percent: 21, vat_amount: 12.71, method: 'card', card_last4: '4242', paid_at: 1_800_000_000, subject: 'Betaalbewijs', lines: ['Transport: EUR 60.50'], money: 'held' };

  it('says how it was paid, with the card only for a card', () => {
    expect(paymentReceiptSchema.parse(receipt)).toEqual(receipt);
    for (const method of ['invoice', 'bancontact']) expect(paymentReceiptSchema.safeParse({ ...receipt, method, card_last4: null }).success, method).toBe(true);
    expect(paymentReceiptSchema.safeParse({ ...receipt, method: 'cash' }).success).toBe(false);
    // Issue 22: where the money is, one of the named places only.
    expect(paymentReceiptSchema.safeParse({ ...receipt, money: 'with_driver' }).success).toBe(false);
    for (const field of Object.keys(receipt)) expect(paymentReceiptSchema.safeParse({ ...receipt, [field]: undefined }).success, field).toBe(false);
  });
});

describe('a card the provider refuses', () => {
  it('names what is wrong in the user\'s language for each of the provider\'s codes', () => {
    const keys: [string, string][] = [
      ['insufficient_funds', 'card_insufficient_funds'],
      ['expired_card', 'card_expired'],
      ['incorrect_cvc', 'card_incorrect_cvc'],
      ['invalid_cvc', 'card_cvc_invalid'],
      ['incomplete_cvc', 'card_cvc_invalid'],
      ['processing_error', 'card_processing_error'],
      ['authentication_required', 'card_authentication_required'],
      ['payment_incomplete', 'card_authentication_required'],
      ['incorrect_number', 'card_number_invalid'],
      ['invalid_number', 'card_number_invalid'],
      ['incomplete_number', 'card_number_invalid'],
      ['invalid_expiry_month', 'card_expiry_invalid'],
      ['invalid_expiry_year', 'card_expiry_invalid'],
      ['invalid_expiry_year_past', 'card_expiry_invalid'],
      ['incomplete_expiry', 'card_expiry_invalid'],
      ['test_mode_live_card', 'card_test_mode_only'],
    ];
    for (const [code, key] of keys) {
      expect(cardErrorKey(code), code).toBe(key);
      expect(cardErrorKey('card_declined', code), code).toBe(key);
    }
  });

  it('answers 402 with the provider\'s code and words, and 409 with the offer to confirm now', () => {
    const refusal = { error: 'card_error', error_description: 'Your card has insufficient funds.', decline_code: 'insufficient_funds', provider_message: 'Insufficient funds' };
    expect(cardErrorBodySchema.parse(refusal)).toEqual(refusal);
    expect(cardErrorBodySchema.safeParse({ ...refusal, error: 'conflict' }).success).toBe(false);
    const repriced = { error: 'conflict', error_description: 'The price changed', offer_id: 12, price: 60.5, total: 73.21 };
    expect(offerRepricedBodySchema.parse(repriced)).toEqual(repriced);
    expect(offerRepricedBodySchema.safeParse({ ...repriced, error: 'card_error' }).success).toBe(false);
  });

  it('takes the confirmed total only as a positive amount, and may go without it', () => {
    expect(confirmedPriceSchema.parse({})).toEqual({});
    expect(confirmedPriceSchema.parse({ total: 73.21 })).toEqual({ total: 73.21 });
    expect(confirmedPriceSchema.safeParse({ total: 10_000_000 }).success).toBe(true);
    for (const total of [0, -1, 10_000_000.01]) expect(confirmedPriceSchema.safeParse({ total }).success, String(total)).toBe(false);
  });
});

describe('what a sender reads back about paying', () => {
  it('shows a saved card by its brand, last four digits and expiry', () => {
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    expect(cardReadSchema.parse(card)).toEqual(card);
    expect(cardReadSchema.safeParse({ ...card, last4: undefined }).success).toBe(false);
  });

  it('shows a Bancontact payment or a card’s 3-D Secure check left unfinished, with its offer, total and when the bank session ends', () => {
    const waiting = { id: 3, method: 'bancontact', offer_id: 12, total: 73.21, started_at: 1_800_000_000, expires_at: 1_800_003_600 };
    expect(waitingPaymentSchema.parse(waiting)).toEqual(waiting);
    expect(waitingPaymentSchema.parse({ ...waiting, method: 'card' })).toEqual({ ...waiting, method: 'card' });
    expect(waitingPaymentSchema.safeParse({ ...waiting, method: 'invoice' }).success).toBe(false);
  });
});
