import { describe, expect, it } from 'vitest';
import { PREDEFINED_SIZES } from './packages.ts';
import { type JobFacts, PRICE_BAND_MIN_JOBS, type PricedJob, priceBand, priceBandQuerySchema, vehicleClassFor } from './price-band.ts';

// A van job of 100 km with 2 m³ and 500 kg, and earlier jobs like it at given prices (cents excl. VAT).
const job: JobFacts = { distanceKm: 100, volumeM3: 2, weightKg: 500, vehicle: 'van' };
const like = (priceCents: number, over: Partial<PricedJob> = {}): PricedJob => ({ ...job, priceCents, ...over });
const many = (prices: number[], over: Partial<PricedJob> = {}) => prices.map((p) => like(p, over));
/** Cents excl. VAT whose price incl. 21 % VAT is the given whole euros. */
const paid = (euros: number) => Math.round((euros * 100) / 1.21);

describe('vehicle class of a load', () => {
  it('puts the predefined sizes in a car or a van, and heavier or bulkier loads in trucks', () => {
    const of = (s: { width: number; height: number; length: number; weight: number }) => vehicleClassFor({ volumeM3: (s.width * s.height * s.length) / 1e6, weightKg: s.weight });
    expect(of(PREDEFINED_SIZES.small)).toBe('car');
    expect(of(PREDEFINED_SIZES.medium)).toBe('van');
    expect(of(PREDEFINED_SIZES.large)).toBe('van');
    expect(vehicleClassFor({ volumeM3: 20, weightKg: 3000 })).toBe('small_truck');
    expect(vehicleClassFor({ volumeM3: 60, weightKg: 12_000 })).toBe('truck');
  });
});

describe('the fair-price band', () => {
  it('falls back honestly with fewer similar jobs than the minimum, saying how many there were', () => {
    expect(priceBand(job, [])).toEqual({ kind: 'too_few', basis: 0 });
    expect(priceBand(job, many([10_000, 11_000, 12_000, 13_000]))).toEqual({ kind: 'too_few', basis: PRICE_BAND_MIN_JOBS - 1 });
  });

  it('gives the 20th to 80th percentile of five or more similar jobs, incl. VAT, with its basis', () => {
    const band = priceBand(job, many([100, 110, 120, 130, 140].map(paid)));
    expect(band).toEqual({ kind: 'band', low: 10_800, high: 13_200, basis: 5 });
  });

  it('rounds both ends to whole euros', () => {
    // 20th percentile of 100.40 … 140.40 incl. VAT is 108.40, the 80th 132.40.
    const band = priceBand(job, many([100.4, 110.4, 120.4, 130.4, 140.4].map(paid)));
    expect(band).toMatchObject({ low: 10_800, high: 13_200 });
    const up = priceBand(job, many([100.6, 110.6, 120.6, 130.6, 140.6].map(paid)));
    expect(up).toMatchObject({ low: 10_900, high: 13_300 });
  });

  it('does not let an outlier stretch the band, and leaves it out of the basis', () => {
    const usual = [100, 105, 110, 115, 120, 125].map(paid);
    const without = priceBand(job, many(usual));
    const withOutliers = priceBand(job, many([...usual, paid(900), paid(5)]));
    expect(withOutliers).toEqual(without);
    expect(withOutliers).toMatchObject({ kind: 'band', basis: 6 });
  });

  it('counts only similar jobs: the same vehicle class, a near distance and a like size', () => {
    const similar = many([100, 110, 120, 130, 140].map(paid));
    const unlike = [
      like(paid(900), { vehicle: 'small_truck' }),
      like(paid(900), { distanceKm: 300 }),
      like(paid(900), { distanceKm: 60 }),
      like(paid(900), { volumeM3: 5 }),
      like(paid(900), { weightKg: 200 }),
    ];
    expect(priceBand(job, [...similar, ...unlike])).toEqual({ kind: 'band', low: 10_800, high: 13_200, basis: 5 });
    // Within the bounds: 25 % further, half the weight, twice the volume.
    const near = [like(paid(100), { distanceKm: 125 }), like(paid(110), { weightKg: 250 }), like(paid(120), { volumeM3: 4 }), like(paid(130), { distanceKm: 76 }), like(paid(140))];
    expect(priceBand(job, near)).toMatchObject({ kind: 'band', basis: 5 });
  });

  it('gives a short trip a distance slack of at least 10 km', () => {
    const short = { ...job, distanceKm: 8 };
    expect(priceBand(short, many([30, 32, 34, 36, 38].map(paid), { distanceKm: 17 }))).toMatchObject({ kind: 'band', basis: 5 });
  });

  it('falls back for a job unlike any before, however many other jobs there were', () => {
    const history = many(Array.from({ length: 200 }, (_, i) => paid(100 + (i % 40))));
    const unlike: JobFacts = { distanceKm: 900, volumeM3: 60, weightKg: 20_000, vehicle: 'truck' };
    expect(priceBand(unlike, history)).toEqual({ kind: 'too_few', basis: 0 });
  });
});

describe('the price band query', () => {
  it('takes numbers from the query string within bounds', () => {
    expect(priceBandQuerySchema.parse({ distance_km: '12.5', volume_m3: '0.25', weight_kg: '50' })).toEqual({ distance_km: 12.5, volume_m3: 0.25, weight_kg: 50 });
    expect(priceBandQuerySchema.safeParse({ distance_km: '-1', volume_m3: '1', weight_kg: '1' }).success).toBe(false);
    expect(priceBandQuerySchema.safeParse({ distance_km: '1', volume_m3: '1', weight_kg: '1e9' }).success).toBe(false);
    expect(priceBandQuerySchema.safeParse({ distance_km: '1', volume_m3: '1', weight_kg: '1', vehicle: 'bike' }).success).toBe(false);
  });
});

describe('the fair-price band at its boundaries', () => {
  it.each([
    [0.5, 100, 'car'],
    [0.51, 100, 'van'],
    [0.5, 101, 'van'],
    [12, 1300, 'van'],
    [12.01, 10, 'small_truck'],
    [1, 1301, 'small_truck'],
    [35, 7000, 'small_truck'],
    [35.01, 7000, 'truck'],
    [35, 7001, 'truck'],
  ] as const)('puts %f m³ and %i kg in a %s', (volumeM3, weightKg, vehicle) => {
    expect(vehicleClassFor({ volumeM3, weightKg })).toBe(vehicle);
  });

  it('counts a job of twice or half the volume or weight as like it, not beyond, and never another vehicle class', () => {
    const basis = (over: Partial<PricedJob>) => priceBand(job, many([100, 110, 120, 130, 140].map(paid), over)).basis;
    expect(basis({ volumeM3: 4 })).toBe(5);
    expect(basis({ volumeM3: 4.01 })).toBe(0);
    expect(basis({ volumeM3: 1 })).toBe(5);
    expect(basis({ volumeM3: 0.99 })).toBe(0);
    expect(basis({ weightKg: 1000 })).toBe(5);
    expect(basis({ weightKg: 1001 })).toBe(0);
    expect(basis({ weightKg: 250 })).toBe(5);
    expect(basis({ weightKg: 249 })).toBe(0);
    expect(basis({ vehicle: 'small_truck' })).toBe(0);
  });

  // Prices incl. VAT 100, 110, 120, 130, 140 and one more (x 1,210 cents): the middle half runs from 112.5 to 137.5, so the fences are 75 and 175.
  const withVat = (euros: number[]) => many(euros.map((e) => e * 1000));

  it('keeps a price exactly on a fence, and one between 1 and 1.5 interquartile ranges out', () => {
    expect(priceBand(job, withVat([100, 110, 120, 130, 140, 175])).basis).toBe(6);
    expect(priceBand(job, withVat([75, 110, 120, 130, 140, 150])).basis).toBe(6);
    expect(priceBand(job, withVat([100, 110, 120, 130, 140, 170])).basis).toBe(6);
    expect(priceBand(job, withVat([100, 110, 120, 130, 140, 176])).basis).toBe(5);
  });

  it('falls back when leaving out outliers leaves fewer than five, saying how many are left', () => {
    expect(priceBand(job, many([100, 100, 100, 100, 10_000].map(paid)))).toEqual({ kind: 'too_few', basis: 4 });
  });

  it('counts every similar job in the fallback, outliers too, when there were fewer than five', () => {
    expect(priceBand(job, many([100, 100, 100, 10_000].map(paid)))).toEqual({ kind: 'too_few', basis: 4 });
  });
});
