import { describe, expect, it } from 'vitest';
import { DEFAULT_INSURANCE, euros, formatEuro, INSURANCE, INSURANCE_CHOICES, vatCents, withVatCents } from './insurance.ts';

describe('insurance choices (SPEC section 3)', () => {
  it('offers own risk, Basic CMR cover of 500 euro by default, and all-in cover of 1,250, 2,500 and 5,000 euro', () => {
    expect(INSURANCE_CHOICES).toEqual(['free', 'cmr', 'all_1250', 'all_2500', 'all_5000']);
    expect(DEFAULT_INSURANCE).toBe('cmr');
    expect(INSURANCE).toEqual({
      free: { coverCents: 0, premiumCents: 0, kind: 'own_risk' },
      cmr: { coverCents: 50_000, premiumCents: 0, kind: 'basic' },
      all_1250: { coverCents: 125_000, premiumCents: 900, kind: 'all_in' },
      all_2500: { coverCents: 250_000, premiumCents: 1_500, kind: 'all_in' },
      all_5000: { coverCents: 500_000, premiumCents: 2_500, kind: 'all_in' },
    });
  });
});

describe('VAT and euros (SPEC section 9: euro, 2 decimals)', () => {
  it('adds 21 % VAT, rounded half up to the cent', () => {
    expect(vatCents(1_050)).toBe(221);
    expect(withVatCents(10_000)).toBe(12_100);
    expect(withVatCents(1_050)).toBe(1_271);
    expect(withVatCents(10_000, 6)).toBe(10_600);
  });

  it('shows cents as euros with 2 decimals, in the Belgian Dutch format by default', () => {
    expect(euros(12_345)).toBe(123.45);
    expect(formatEuro(12_345).replace(/\s/g, ' ')).toBe('€ 123,45');
    expect(formatEuro(12_345, 'en-GB')).toBe('€123.45');
  });
});
