// Insurance choices (SPEC section 3) and their premiums: one table, in euro cents excluding VAT.
// The spec gives no amounts; these are ours, documented in docs/decisions/0003-prices.md.

export const INSURANCE_CHOICES = ['free', 'cmr', 'all_1250', 'all_2500', 'all_5000'] as const;
export type InsuranceChoice = (typeof INSURANCE_CHOICES)[number];
export const DEFAULT_INSURANCE: InsuranceChoice = 'cmr';
export const VAT_PERCENT = 21;

export const INSURANCE: Record<InsuranceChoice, { coverCents: number; premiumCents: number; kind: 'own_risk' | 'basic' | 'all_in' }> = {
  free: { coverCents: 0, premiumCents: 0, kind: 'own_risk' },
  cmr: { coverCents: 50_000, premiumCents: 0, kind: 'basic' },
  all_1250: { coverCents: 125_000, premiumCents: 900, kind: 'all_in' },
  all_2500: { coverCents: 250_000, premiumCents: 1_500, kind: 'all_in' },
  all_5000: { coverCents: 500_000, premiumCents: 2_500, kind: 'all_in' },
};

/** VAT on an amount in cents, rounded half up to the cent (Belgian invoices round per line). */
export const vatCents = (netCents: number, percent = VAT_PERCENT) => Math.round((netCents * percent) / 100);
export const withVatCents = (netCents: number, percent = VAT_PERCENT) => netCents + vatCents(netCents, percent);
/** Cents to the wire's euros with 2 decimals. */
export const euros = (cents: number) => Math.round(cents) / 100;
export const formatEuro = (cents: number, locale = 'nl-BE') => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
