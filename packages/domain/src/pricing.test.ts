import { describe, expect, it } from 'vitest';
import { costBreakdown, costBreakdownEuros, estimatePriceRange } from './pricing.ts';

describe('cost breakdown in cents', () => {
  it('adds the premium and 21 % VAT, rounding half up on the total', () => {
    expect(costBreakdown(10_000, 'cmr')).toEqual({ route: 10_000, insurance: 0, vat: { percent: 21, amount: 2_100 }, total: { beforetaxes: 10_000, aftertaxes: 12_100 } });
    expect(costBreakdown(10_000, 'all_1250')).toEqual({ route: 10_000, insurance: 900, vat: { percent: 21, amount: 2_289 }, total: { beforetaxes: 10_900, aftertaxes: 13_189 } });
    // 0.5 cent of VAT rounds up: 1 050 x 21 % = 220.5.
    expect(costBreakdown(1_050, 'free').vat.amount).toBe(221);
    expect(costBreakdown(1_049, 'free').vat.amount).toBe(220);
  });

  it('keeps the parts summing to the total for every cent amount', () => {
    for (let cents = 0; cents < 5_000; cents += 7) {
      const c = costBreakdown(cents, 'all_2500');
      expect(c.route + c.insurance + c.vat.amount).toBe(c.total.aftertaxes);
    }
  });

  it('refuses fractions of a cent and negative prices', () => {
    expect(() => costBreakdown(10.5, 'cmr')).toThrow(RangeError);
    expect(() => costBreakdown(-1, 'cmr')).toThrow(RangeError);
  });

  it('puts euros with 2 decimals on the wire', () => {
    expect(costBreakdownEuros(costBreakdown(12_345, 'all_5000'))).toEqual({ route: 123.45, insurance: 25, vat: { percent: 21, amount: 31.17 }, total: { beforetaxes: 148.45, aftertaxes: 179.62 } });
  });
});

describe('price estimate', () => {
  it('grows with distance, size and tight windows, as a low-high range in whole euros', () => {
    const base = estimatePriceRange({ distanceMetres: 50_000, volumeM3: 0.25, weightKg: 50, windowHours: 9 });
    expect(base.low).toBeLessThan(base.high);
    expect(base.low % 100).toBe(0);
    expect(estimatePriceRange({ distanceMetres: 150_000, volumeM3: 0.25, weightKg: 50, windowHours: 9 }).low).toBeGreaterThan(base.low);
    expect(estimatePriceRange({ distanceMetres: 50_000, volumeM3: 0.25, weightKg: 50, windowHours: 2 }).low).toBeGreaterThan(base.low);
  });
});
