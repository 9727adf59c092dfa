import { describe, expect, it } from 'vitest';
import { bancontactAmount, costBreakdown, costBreakdownEuros, estimatePriceRange } from './pricing.ts';

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

describe('price estimate figures (docs/decisions/0003-prices.md)', () => {
  // 25 euro base, 0.95 euro per km, 12 euro per m3, 0.04 euro per kg; a window under 4 hours costs 20 % more.
  const trip = { distanceMetres: 100_000, volumeM3: 1, weightKg: 100, windowHours: 9 };

  it('ranges from 85 % to 125 % of base fee + distance + volume + weight, rounded to whole euros', () => {
    // 25 + 95 + 12 + 4 = 136 euro: 115.60 and 170.00.
    expect(estimatePriceRange(trip)).toEqual({ low: 11_600, high: 17_000 });
    expect(estimatePriceRange({ ...trip, distanceMetres: 0, volumeM3: 0, weightKg: 0 })).toEqual({ low: 2_100, high: 3_100 });
    expect(estimatePriceRange({ ...trip, distanceMetres: 0, volumeM3: 2, weightKg: 0 })).toEqual({ low: 4_200, high: 6_100 });
    expect(estimatePriceRange({ ...trip, distanceMetres: 0, volumeM3: 0, weightKg: 1000 })).toEqual({ low: 5_500, high: 8_100 });
  });

  it('adds 20 % for a window shorter than 4 hours, not for 4 hours exactly', () => {
    expect(estimatePriceRange({ ...trip, windowHours: 4 })).toEqual({ low: 11_600, high: 17_000 });
    expect(estimatePriceRange({ ...trip, windowHours: 3.5 })).toEqual({ low: 13_900, high: 20_400 });
  });
});

describe('Bancontact (SPEC section 7)', () => {
  it('charges the total after taxes in cents', () => {
    const c = costBreakdown(12_345, 'all_5000');
    expect(bancontactAmount(c)).toBe(17_962);
    expect(bancontactAmount(c)).toBe(Math.round(costBreakdownEuros(c).total.aftertaxes * 100));
  });

  it('says why it refuses a price', () => {
    expect(() => costBreakdown(-1, 'cmr')).toThrow('route price must be whole cents');
  });
});
