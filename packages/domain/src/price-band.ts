import { z } from 'zod';
import { withVatCents } from './insurance.ts';
import { VEHICLE_TYPES, type VehicleType } from './offer.ts';

// The fair-price band (issue 20, docs/decisions/0022-price-band.md): what senders of similar jobs
// paid, taken from accepted offers, shown before a sender posts a job. Never a promise: it
// describes the past, and the price of a job is always the driver's offer.
//
// Amounts: the transport price incl. 21 % VAT, in cents, as the cost table's transport line plus
// its VAT (insurance left out: each sender chose their own cover).

/** The facts a job is compared by. Distance is the route's road distance. */
export type JobFacts = { distanceKm: number; volumeM3: number; weightKg: number; vehicle: VehicleType };
/** An earlier job with the transport price its accepted offer named (cents, excl. VAT, as offers store it). */
export type PricedJob = JobFacts & { priceCents: number };

export type PriceBand = { kind: 'band'; low: number; high: number; basis: number } | { kind: 'too_few'; basis: number };

/**
 * The smallest vehicle class a load fits in, by its total volume and weight (most loads of each
 * class in Belgian practice: a car boot, a delivery van up to 3.5 t, a 7.5 t box truck, a
 * trailer). The predefined sizes fall in: small in a car, medium and large in a van.
 */
export const VEHICLE_CLASS_LIMITS: Record<Exclude<VehicleType, 'truck'>, { maxVolumeM3: number; maxWeightKg: number }> = {
  car: { maxVolumeM3: 0.5, maxWeightKg: 100 },
  van: { maxVolumeM3: 12, maxWeightKg: 1300 },
  small_truck: { maxVolumeM3: 35, maxWeightKg: 7000 },
};

export function vehicleClassFor(load: { volumeM3: number; weightKg: number }): VehicleType {
  for (const type of VEHICLE_TYPES) {
    if (type === 'truck') break;
    const max = VEHICLE_CLASS_LIMITS[type];
    if (load.volumeM3 <= max.maxVolumeM3 && load.weightKg <= max.maxWeightKg) return type;
  }
  return 'truck';
}

/** Fewer similar jobs than this give no band: a range of three prices says little. */
export const PRICE_BAND_MIN_JOBS = 5;
/** Similar distance: within 25 % of the new job's, and never stricter than 10 km either way. */
export const DISTANCE_TOLERANCE = { share: 0.25, minKm: 10 };
/** Similar size: volume and weight each at most twice or half the new job's... */
export const SIZE_FACTOR = 2;
/** ...counting anything under these floors as the floor (a 2 kg parcel is like a 5 kg one). */
export const SIZE_FLOORS = { volumeM3: 0.1, weightKg: 10 };
/** The band: the 20th to the 80th percentile of the similar prices, the range most of them fell in. */
export const BAND_PERCENTILES = { low: 0.2, high: 0.8 };
/** Outliers: prices beyond 1.5 interquartile ranges outside the middle half (Tukey's fences). */
export const OUTLIER_FENCE = 1.5;
/** How many of the most recent accepted jobs are looked at (the server's query is bound by it). */
export const PRICE_BAND_HISTORY = 2000;

const withinFactor = (a: number, b: number, floor: number) => {
  const [x, y] = [Math.max(a, floor), Math.max(b, floor)];
  return x <= y * SIZE_FACTOR && y <= x * SIZE_FACTOR;
};

export function isSimilarJob(job: JobFacts, earlier: JobFacts): boolean {
  const slack = Math.max(job.distanceKm * DISTANCE_TOLERANCE.share, DISTANCE_TOLERANCE.minKm);
  return (
    earlier.vehicle === job.vehicle &&
    Math.abs(earlier.distanceKm - job.distanceKm) <= slack &&
    withinFactor(job.volumeM3, earlier.volumeM3, SIZE_FLOORS.volumeM3) &&
    withinFactor(job.weightKg, earlier.weightKg, SIZE_FLOORS.weightKg)
  );
}

/** The p-th percentile of sorted values, interpolating between neighbours. */
function percentile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

const wholeEuros = (cents: number) => Math.round(cents / 100) * 100;

/** The band for a new job from earlier accepted ones, or the honest fallback when too few are like it. */
export function priceBand(job: JobFacts, earlier: readonly PricedJob[]): PriceBand {
  const prices = earlier
    .filter((e) => isSimilarJob(job, e))
    .map((e) => withVatCents(e.priceCents))
    .sort((a, b) => a - b);
  if (prices.length < PRICE_BAND_MIN_JOBS) return { kind: 'too_few', basis: prices.length };
  const [q1, q3] = [percentile(prices, 0.25), percentile(prices, 0.75)];
  const fence = (q3 - q1) * OUTLIER_FENCE;
  const kept = prices.filter((p) => p >= q1 - fence && p <= q3 + fence);
  if (kept.length < PRICE_BAND_MIN_JOBS) return { kind: 'too_few', basis: kept.length };
  return { kind: 'band', low: wholeEuros(percentile(kept, BAND_PERCENTILES.low)), high: wholeEuros(percentile(kept, BAND_PERCENTILES.high)), basis: kept.length };
}

const bounded = (max: number) => z.coerce.number({ error: 'invalid_body' }).min(0, 'invalid_body').max(max, 'invalid_body');

/** GET /api/price-band's query: the new job's facts; the vehicle class follows from the load unless given. */
export const priceBandQuerySchema = z.object({
  distance_km: bounded(3000),
  volume_m3: bounded(1000),
  weight_kg: bounded(100_000),
  vehicle: z.enum(VEHICLE_TYPES, { error: 'invalid_body' }).optional(),
});
export type PriceBandQuery = z.infer<typeof priceBandQuerySchema>;

/** The answer: whole euros incl. VAT (transport only), and how many jobs the band is based on. */
export const priceBandReadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('band'), low: z.number(), high: z.number(), basis: z.number(), vehicle: z.enum(VEHICLE_TYPES) }),
  z.object({ kind: z.literal('too_few'), basis: z.number(), vehicle: z.enum(VEHICLE_TYPES) }),
]);
export type PriceBandRead = z.infer<typeof priceBandReadSchema>;
