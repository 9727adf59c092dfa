import { describe, expect, it } from 'vitest';
import { methodsWhere, PAYMENT_METHOD, PAYMENT_METHODS, WAITING_METHODS, waitsAtProvider } from './payment-methods.ts';

describe('the payment-method descriptor', () => {
  it('says how each method’s outcome arrives and where its money is', () => {
    expect(methodsWhere((d) => d.flow === 'charge')).toEqual(['card']);
    expect(methodsWhere((d) => d.flow === 'redirect')).toEqual(['bancontact']);
    expect(methodsWhere((d) => d.flow === 'transfer')).toEqual(['invoice']);
    // Money a provider took goes back through it; an invoice not paid yet is owed less instead.
    expect(methodsWhere((d) => d.money === 'provider')).toEqual(['card', 'bancontact']);
    expect(methodsWhere((d) => d.money === 'sender')).toEqual(['invoice']);
  });

  it('states a card or Bancontact payment on an invoice as paid by card, with its network, and an invoice as a SEPA transfer to make', () => {
    expect(PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD[m].invoiceMeans, PAYMENT_METHOD[m].network])).toEqual([
      ['card', 'card', 'card'],
      ['invoice', 'sepa_credit_transfer', null],
      ['bancontact', 'card', 'Bancontact'],
    ]);
    // Only money collected by transfer is asked for; everything the provider took was paid.
    for (const m of PAYMENT_METHODS) expect(PAYMENT_METHOD[m].invoiceMeans === 'sepa_credit_transfer', m).toBe(PAYMENT_METHOD[m].money === 'sender');
  });

  it('waits at the provider’s page: Bancontact always, a card once its 3-D Secure challenge started, an invoice never', () => {
    expect(WAITING_METHODS).toEqual(['card', 'bancontact']);
    expect(waitsAtProvider('bancontact', null)).toBe(true);
    expect(waitsAtProvider('card', null)).toBe(false);
    expect(waitsAtProvider('card', 'pi_123')).toBe(true);
    expect(waitsAtProvider('invoice', 'x')).toBe(false);
  });
});
