import * as jsvatModule from 'jsvat-next';
import type { Country } from 'jsvat-next';

// VAT numbers (SPEC section 5, company block): checked before they are saved, so an invoice never
// carries a number that cannot exist. Belgium's rule is ours (the product is Belgian and its
// message says exactly what is wrong); the other EU member states' formats and check digits come
// from jsvat-next, the maintained fork of jsvat.

// jsvat-next ships CommonJS (`main`, read by Node) and ES modules (`module`, read by Vite). Node
// exposes a CommonJS module's exports on `default` only, the ES build has no default: take either.
const jsvat: typeof jsvatModule = Reflect.get(jsvatModule, 'default') ?? jsvatModule;

/** The EU member states (VIES covers these; Greece is EL). */
const EU_COUNTRIES: readonly Country[] = [
  jsvat.austria,
  jsvat.belgium,
  jsvat.bulgaria,
  jsvat.croatia,
  jsvat.cyprus,
  jsvat.czechRepublic,
  jsvat.denmark,
  jsvat.estonia,
  jsvat.finland,
  jsvat.france,
  jsvat.germany,
  jsvat.greece,
  jsvat.hungary,
  jsvat.ireland,
  jsvat.italy,
  jsvat.latvia,
  jsvat.lithuania,
  jsvat.luxembourg,
  jsvat.malta,
  jsvat.netherlands,
  jsvat.poland,
  jsvat.portugal,
  jsvat.romania,
  jsvat.slovakiaRepublic,
  jsvat.slovenia,
  jsvat.spain,
  jsvat.sweden,
];

/** VAT prefixes of the member states: ISO codes, except Greece's EL. */
const EU_PREFIXES = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);

/** Catalogue keys (messages.ts) of a refused number. */
export type VatProblem = 'vat_country' | 'vat_be_format' | 'vat_format' | 'vat_checksum';

export type VatCheck =
  | { ok: true; /** Stored and shown: country code and digits, no spaces or dots ("BE0403170701"). */ value: string; countryCode: string; /** Without the country code, as VIES asks for it. */ number: string }
  | { ok: false; problem: VatProblem };

/** "be 0403.170.701" -> "BE0403170701": people copy numbers with spaces, dots and dashes. */
export function normaliseVat(input: string): string {
  return input.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** 97 - (the first 8 digits mod 97) is the last two: the check of Belgian VAT and enterprise (KBO/BCE) numbers. */
export const belgianMod97Ok = (tenDigits: string) => 97 - (Number(tenDigits.slice(0, 8)) % 97) === Number(tenDigits.slice(8));

/** Belgium: BE0 or BE1, then 9 digits; the last two are 97 - (the first 8 mod 97). */
export function checkBelgianVat(normalised: string): VatCheck {
  const m = /^BE([01]\d{9})$/.exec(normalised);
  if (!m) return { ok: false, problem: 'vat_be_format' };
  const digits = m[1]!;
  if (!belgianMod97Ok(digits)) return { ok: false, problem: 'vat_checksum' };
  return { ok: true, value: normalised, countryCode: 'BE', number: digits };
}

/** Any EU VAT number, with its country code in front. */
export function checkVat(input: string): VatCheck {
  const value = normaliseVat(input);
  if (value.startsWith('BE')) return checkBelgianVat(value);
  // jsvat also guesses a country for digits without a prefix: the prefix is required here.
  const prefix = value.slice(0, 2);
  if (!EU_PREFIXES.has(prefix)) return { ok: false, problem: 'vat_country' };
  const result = jsvat.checkVAT(value, EU_COUNTRIES);
  if (!result.isValidFormat || !result.country) return { ok: false, problem: 'vat_format' };
  if (!result.isValid) return { ok: false, problem: 'vat_checksum' };
  return { ok: true, value, countryCode: prefix, number: value.slice(2) };
}

/** True for a number that passes checkVat: the only kind that is ever locked (SPEC section 5). */
export const isValidVat = (input: string) => checkVat(input).ok;
