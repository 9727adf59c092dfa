import { z } from 'zod';
import { INSURANCE, type InsuranceChoice, VAT_PERCENT, vatCents } from './insurance.ts';

// What a sender pays for an offer, in integer cents: the driver's transport price (excl. VAT),
// the insurance premium of the chosen cover, and 21 % VAT on their sum, rounded half up once on
// the total (not per line), so the parts always add up to the total shown.

export type CostBreakdownCents = {
  route: number;
  insurance: number;
  vat: { percent: number; amount: number };
  total: { beforetaxes: number; aftertaxes: number };
};

export function costBreakdown(routeCents: number, insurance: InsuranceChoice, vatPercent = VAT_PERCENT): CostBreakdownCents {
  if (!Number.isInteger(routeCents) || routeCents < 0) throw new RangeError('route price must be whole cents');
  const premium = INSURANCE[insurance].premiumCents;
  const before = routeCents + premium;
  const vat = vatCents(before, vatPercent);
  return { route: routeCents, insurance: premium, vat: { percent: vatPercent, amount: vat }, total: { beforetaxes: before, aftertaxes: before + vat } };
}

/** The wire shape (SPEC section 3: cost_breakdown_sender), euros with 2 decimals. */
export const costBreakdownEurosSchema = z.object({
  route: z.number(),
  insurance: z.number(),
  vat: z.object({ percent: z.number(), amount: z.number() }),
  total: z.object({ beforetaxes: z.number(), aftertaxes: z.number() }),
});
export type CostBreakdownEuros = z.infer<typeof costBreakdownEurosSchema>;

export function costBreakdownEuros(c: CostBreakdownCents): CostBreakdownEuros {
  const e = (cents: number) => Math.round(cents) / 100;
  return {
    route: e(c.route),
    insurance: e(c.insurance),
    vat: { percent: c.vat.percent, amount: e(c.vat.amount) },
    total: { beforetaxes: e(c.total.beforetaxes), aftertaxes: e(c.total.aftertaxes) },
  };
}

/** Bancontact charges cents: amount = total aftertaxes x 100 (SPEC section 7). */
export const bancontactAmount = (c: CostBreakdownCents) => c.total.aftertaxes;

export type PriceEstimateInput = { distanceMetres: number; volumeM3: number; weightKg: number; windowHours: number };

/**
 * An honest range, labelled as an estimate in the UI, before any driver has offered:
 * a base fee, a per-km rate, a handling part for volume and weight, and a surcharge for tight
 * windows (under 4 hours). The low end is 85 % and the high end 125 % of the central figure.
 * Excluding VAT, in cents, rounded to whole euros.
 */
export function estimatePriceRange(i: PriceEstimateInput): { low: number; high: number } {
  const km = i.distanceMetres / 1000;
  const base = 2500 + km * 95 + i.volumeM3 * 1200 + i.weightKg * 4;
  const tight = i.windowHours < 4 ? 1.2 : 1;
  const central = base * tight;
  const round = (c: number) => Math.round(c / 100) * 100;
  return { low: round(central * 0.85), high: round(central * 1.25) };
}
