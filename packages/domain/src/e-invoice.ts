// Invoices and credit notes as documents (issue 22 part 5): the model the UBL (Peppol BIS Billing
// 3.0 / Self-Billing 3.0) and the PDF are printed from, its totals by the EN 16931 rules, the
// Belgian structured communication, and which VAT applies to the platform's invoice to a sender
// and to a driver's self-billed invoice. Amounts are integer euro cents; nothing here touches a
// database. The VAT model is recorded in docs/decisions/0030-e-invoices.md.
import type { Locale } from './messages.ts';

/**
 * invoice: UBL Invoice 380; credit_note: CreditNote 381; self_billed_invoice: Invoice 389 under
 * Peppol Self-Billing 3.0; self_billed_credit_note: CreditNote 261 under Self-Billing 3.0.
 */
export type EInvoiceKind = 'invoice' | 'credit_note' | 'self_billed_invoice' | 'self_billed_credit_note';

/** UNCL 5305 VAT categories the product uses (EN 16931 BT-151 / BT-118). */
export type VatCategory = 'S' | 'AE' | 'E' | 'K' | 'G' | 'O' | 'Z';

/** A Peppol electronic address (BT-34 / BT-49): an EAS scheme and the identifier in it. */
export type ElectronicAddress = { scheme: string; id: string };

export type EInvoiceParty = {
  name: string;
  /** Belgian enterprise number (KBO/BCE), 10 digits, no dots ("0403170701"). */
  enterprise_number?: string;
  /** VAT number with its country prefix ("BE0403170701", "DE123456789"); absent when the party has none. */
  vat_number?: string;
  address: { lines: string[]; city: string; postcode: string; /** ISO 3166-1 alpha-2 */ country: string };
  /** Peppol address; a private person has none (they get the PDF only). */
  endpoint?: ElectronicAddress;
  email?: string;
};

export type EInvoiceLine = {
  description: string;
  /** Positive; up to 4 decimals. */
  quantity: number;
  /** UN/ECE rec. 20 unit; C62 ("one") by default. */
  unit_code?: string;
  unit_price_cents: number;
  vat: { category: VatCategory; /** 21, 25.5; 0 for AE/E/K/G/Z; ignored for O. */ percent: number };
};

/** BT-120 / BT-121: why a category other than S or Z carries no VAT. */
export type VatExemption = { code?: string; text: string };

export type EInvoicePayment = {
  /** 58 SEPA credit transfer, 30 credit transfer (non-SEPA), 48 bank card (already paid at acceptance). */
  means: 'sepa_credit_transfer' | 'credit_transfer' | 'card';
  /** Payee IBAN (BT-84), for transfers. */
  iban?: string;
  bic?: string;
  /** BT-83: the Belgian structured communication, 12 digits, for the invoice-payment path. */
  payment_id?: string;
  /** The last four digits of the card (never the full number; BR-51). */
  card_last4?: string;
  card_network?: string;
};

export type EInvoiceDoc = {
  kind: EInvoiceKind;
  number: string;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD; on an invoice that is still to be paid. */
  due_date?: string;
  /** BT-10, required by Peppol (R003): the shipment reference. */
  buyer_reference: string;
  /** BT-13: the order, here also the shipment reference. */
  order_reference?: string;
  /** BG-3: the invoice a credit note corrects. */
  preceding_invoice?: { number: string; issue_date: string };
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  /** One reason per category that needs one (AE, E, K, G, O). */
  exemptions?: Partial<Record<VatCategory, VatExemption>>;
  payment?: EInvoicePayment;
  /** BT-113: already paid (a card charge at acceptance); the payable amount is what remains. */
  prepaid_cents?: number;
  /** Printed as one document note (Peppol allows one, R002). */
  notes?: string[];
};

export const isCreditNote = (kind: EInvoiceKind) => kind === 'credit_note' || kind === 'self_billed_credit_note';
export const isSelfBilled = (kind: EInvoiceKind) => kind === 'self_billed_invoice' || kind === 'self_billed_credit_note';
export const documentTypeCode = (kind: EInvoiceKind) => ({ invoice: '380', credit_note: '381', self_billed_invoice: '389', self_billed_credit_note: '261' })[kind];

/** Categories whose breakdown must carry an exemption reason (BR-AE-10, BR-E-10, BR-IC-10, BR-G-10, BR-O-10). */
export const CATEGORIES_WITH_REASON: readonly VatCategory[] = ['AE', 'E', 'K', 'G', 'O'];

// ---------------------------------------------------------------------------------------------
// Totals

/** Half away from zero (EN 16931's checks allow a cent of slack either way). */
function roundCents(x: number): number {
  // Work on a string-rounded value first so 0.1 * 3 style errors do not cross a half.
  const fixed = Number(x.toFixed(6));
  return Math.sign(fixed) * Math.round(Math.abs(fixed));
}

/** Percent in hundredths of a percent, an integer (21 -> 2100, 25.5 -> 2550). */
const basisPoints = (percent: number) => Math.round(percent * 100);

export type VatBreakdown = {
  category: VatCategory;
  /** undefined for O (BR-O-05: no rate). */
  percent: number | undefined;
  taxable_cents: number;
  tax_cents: number;
  exemption?: VatExemption;
};

export type EInvoiceTotals = {
  /** BT-131 per line, in line order. */
  line_net_cents: number[];
  /** BT-106 */
  line_total_cents: number;
  /** BG-23, one per (category, percent), in order of first appearance. */
  breakdown: VatBreakdown[];
  /** BT-109 */
  tax_exclusive_cents: number;
  /** BT-110 */
  tax_cents: number;
  /** BT-112 */
  tax_inclusive_cents: number;
  /** BT-113 */
  prepaid_cents: number;
  /** BT-115 */
  payable_cents: number;
};

/** Line net: quantity x unit price, rounded to the cent (PEPPOL-EN16931-R120). */
export const lineNetCents = (line: EInvoiceLine) => roundCents(line.quantity * line.unit_price_cents);

/**
 * The document's totals by EN 16931: line nets rounded to the cent (R120), each VAT breakdown's
 * taxable amount the sum of its rounded line nets (BR-S-08 ...), its tax the taxable amount times
 * the rate rounded once per breakdown (BR-CO-17, never the sum of per-line taxes), the VAT total
 * the sum of the breakdowns (BR-CO-14), with VAT = without VAT + VAT (BR-CO-15), payable = with
 * VAT - prepaid (BR-CO-16).
 */
export function eInvoiceTotals(doc: EInvoiceDoc): EInvoiceTotals {
  const line_net_cents = doc.lines.map(lineNetCents);
  const groups = new Map<string, VatBreakdown>();
  doc.lines.forEach((line, i) => {
    const percent = line.vat.category === 'O' ? undefined : line.vat.percent;
    const key = `${line.vat.category}|${percent === undefined ? '' : basisPoints(percent)}`;
    const g = groups.get(key) ?? { category: line.vat.category, percent, taxable_cents: 0, tax_cents: 0, exemption: doc.exemptions?.[line.vat.category] };
    g.taxable_cents += line_net_cents[i]!;
    groups.set(key, g);
  });
  const breakdown = [...groups.values()].map((g) => ({
    ...g,
    tax_cents: g.percent === undefined ? 0 : roundCents((g.taxable_cents * basisPoints(g.percent)) / 10_000),
  }));
  const line_total_cents = line_net_cents.reduce((a, b) => a + b, 0);
  const tax_cents = breakdown.reduce((a, b) => a + b.tax_cents, 0);
  const tax_inclusive_cents = line_total_cents + tax_cents;
  const prepaid_cents = doc.prepaid_cents ?? 0;
  return {
    line_net_cents,
    line_total_cents,
    breakdown,
    tax_exclusive_cents: line_total_cents,
    tax_cents,
    tax_inclusive_cents,
    prepaid_cents,
    payable_cents: tax_inclusive_cents - prepaid_cents,
  };
}

/** The net amount whose VAT at `percent` (rounded once, as eInvoiceTotals does) makes exactly `gross`; null when no net does. */
export function netForGross(gross: number, percent: number): number | null {
  const bp = basisPoints(percent);
  const guess = Math.floor((gross * 10_000) / (10_000 + bp));
  for (let n = guess - 2; n <= guess + 3; n++) if (n >= 0 && n + roundCents((n * bp) / 10_000) === gross) return n;
  return null;
}

/**
 * The smallest amount with VAT, at least `gross` and at most `max`, that a one-line document can
 * state exactly (some amounts cannot: 21 % VAT on whole cents skips some totals). A refund is
 * rounded up to it so that its credit note states exactly what was refunded.
 */
export function creditableGross(gross: number, percent: number, max: number): number {
  for (let g = gross; g < max; g++) if (netForGross(g, percent) !== null) return g;
  return max;
}

/** 12345 -> "123.45", -5 -> "-0.05": the UBL decimal of an amount in cents. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Belgian structured communication (gestructureerde mededeling / communication structurée)

export class StructuredCommunicationError extends Error {}

/** The two check digits of ten digits: their value mod 97, 97 when that is 0. */
function checkDigits(base10: string): string {
  const r = Number(BigInt(base10) % 97n);
  return String(r === 0 ? 97 : r).padStart(2, '0');
}

/** "+++123/4567/89002+++" from ten digits (the base, e.g. from the invoice number). */
export function structuredCommunication(base10digits: string): string {
  if (!/^\d{10}$/.test(base10digits)) throw new StructuredCommunicationError('A structured communication is built from exactly ten digits');
  return formatStructuredCommunication(base10digits + checkDigits(base10digits));
}

/** "123456789002" -> "+++123/4567/89002+++" */
export function formatStructuredCommunication(digits12: string): string {
  return `+++${digits12.slice(0, 3)}/${digits12.slice(3, 7)}/${digits12.slice(7)}+++`;
}

/**
 * The twelve digits of a structured communication written as "+++123/4567/89002+++",
 * "***123/4567/89002***" or bare digits (spaces, slashes and dots allowed), or null when it is not
 * one: wrong length, other characters, or the check digits do not match.
 */
export function parseStructuredCommunication(text: string): string | null {
  const trimmed = text.trim();
  const m = /^(?:\+{3}|\*{3})?([\d\s/.]+?)(?:\+{3}|\*{3})?$/.exec(trimmed);
  if (!m) return null;
  // The +++ and *** markers come in pairs of the same kind, or not at all.
  const head = trimmed.slice(0, 3);
  const tail = trimmed.slice(-3);
  const marked = (s: string) => s === '+++' || s === '***';
  if (marked(head) !== marked(tail) || (marked(head) && head !== tail)) return null;
  const digits = m[1]!.replace(/[\s/.]/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  const base = digits.slice(0, 10);
  if (base === '0000000000') return null;
  return checkDigits(base) === digits.slice(10) ? digits : null;
}

// ---------------------------------------------------------------------------------------------
// VAT treatment

/**
 * EU standard VAT rates (percent) in force in 2026, for private customers whose transport is
 * supplied in another member state: the platform charges that state's VAT and declares it
 * through the Belgian OSS (union scheme, art. 369a-369k Directive 2006/112/EC), so it needs no
 * registration there. Keyed by ISO 3166 code (Greece is GR here, EL in VAT numbers).
 */
export const EU_STANDARD_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20, BE: 21, BG: 20, CY: 19, CZ: 21, DE: 19, DK: 25, EE: 24, ES: 21, FI: 25.5, FR: 20, GR: 24, HR: 25, HU: 27,
  IE: 23, IT: 22, LT: 21, LU: 17, LV: 21, MT: 18, NL: 21, PL: 23, PT: 23, RO: 21, SE: 25, SI: 22, SK: 23,
};

export const isEuCountry = (iso2: string) => iso2.toUpperCase() in EU_STANDARD_VAT_RATES;

/** "EL123" is Greece's VAT prefix for country GR. */
const vatCountry = (vat: string) => {
  const p = vat.slice(0, 2).toUpperCase();
  return p === 'EL' ? 'GR' : p;
};

export const SMALL_BUSINESS_EXEMPTION_TEXT: Record<Locale, string> = {
  nl: 'Bijzondere vrijstellingsregeling kleine ondernemingen (art. 56bis WBTW)',
  fr: 'Régime particulier de franchise des petites entreprises (art. 56bis CTVA)',
  en: 'Special exemption scheme for small businesses (art. 56bis Belgian VAT Code)',
};

export const REVERSE_CHARGE_TEXT: Record<Locale, string> = {
  nl: 'Btw verlegd: verlegging van heffing, art. 196 Richtlijn 2006/112/EG',
  fr: 'Autoliquidation : TVA due par le preneur, art. 196 Directive 2006/112/CE',
  en: 'Reverse charge: VAT due by the customer, art. 196 Directive 2006/112/EC',
};

export const NOT_SUBJECT_TEXT: Record<Locale, string> = {
  nl: 'Niet onderworpen aan Belgische btw: dienst verricht buiten de EU (art. 44 Richtlijn 2006/112/EG)',
  fr: 'Non soumis à la TVA belge : service fourni hors de l’UE (art. 44 Directive 2006/112/CE)',
  en: 'Not subject to EU VAT: service supplied outside the EU (art. 44 Directive 2006/112/EC)',
};

export type VatTreatment = {
  category: VatCategory;
  percent: number;
  exemption?: VatExemption;
  /** Where the supply takes place (ISO code), or 'outside_eu'. */
  place_of_supply: string;
  /** Why, in one short phrase for logs and tests. */
  rule:
    | 'b2b_domestic'
    | 'b2b_eu_reverse_charge'
    | 'b2b_outside_eu'
    | 'b2c_intra_eu_departure'
    | 'b2c_domestic_transport'
    | 'driver_vat_registered'
    | 'driver_small_business';
};

export class VatTreatmentError extends Error {}

export type VatTreatmentInput =
  | {
      /** The platform's invoice (or credit note) to the sender. */
      invoice: 'platform_to_sender';
      customer: {
        /** A business that acts as such (taxable person) or a private person. */
        kind: 'business' | 'private';
        /** Where the customer is established (ISO 3166 alpha-2). */
        country: string;
        /** A VAT number with its prefix, when the business gave one. */
        vat_number?: string;
      };
      /** Where the transport departs and arrives (ISO codes). */
      departure_country: string;
      arrival_country: string;
      lang: Locale;
    }
  | {
      /** The driver's self-billed invoice to the platform (a Belgian VAT-registered business). */
      invoice: 'driver_to_platform';
      driver: { vat_status: 'registered' | 'small_business_exempt' };
      lang: Locale;
    };

/**
 * Which VAT category and rate apply. The platform is a Belgian business that buys the transport
 * from the driver in its own name and sells it to the sender (commissionaire, art. 20 §2 WBTW /
 * art. 28 Directive 2006/112/EC): both supplies are transport of goods.
 *
 * To the sender:
 *  - a business (taxable person) established in Belgium: S 21 % (art. 44 Directive: where the customer is);
 *  - a business with a VAT number of another member state: AE 0 %, reverse charge (art. 196);
 *  - a business established outside the EU: O, not subject (art. 44, supplied outside the EU; EN 16931
 *    then forbids the seller's and buyer's VAT identifiers on the UBL, BR-O-02);
 *  - a private customer, or an EU business that gave no VAT number (treated as a non-taxable person,
 *    art. 18(2) Implementing Regulation 282/2011): intra-EU transport is supplied where it departs
 *    (art. 49), domestic transport where it takes place (art. 48, all of it in one country): that
 *    country's standard rate, declared through the OSS when it is not Belgium. A private customer's
 *    transport leaving or entering the EU is refused (pro rata distances and the export exemption of
 *    art. 146 are not modelled; the marketplace does not take such shipments).
 * From the driver: VAT-registered -> S 21 %; under the small-business exemption (art. 56bis WBTW) -> E 0 %
 * with the legal text in the driver's language.
 */
export function vatTreatment(input: VatTreatmentInput): VatTreatment {
  if (input.invoice === 'driver_to_platform') {
    if (input.driver.vat_status === 'registered') return { category: 'S', percent: 21, place_of_supply: 'BE', rule: 'driver_vat_registered' };
    return { category: 'E', percent: 0, exemption: { text: SMALL_BUSINESS_EXEMPTION_TEXT[input.lang] }, place_of_supply: 'BE', rule: 'driver_small_business' };
  }
  const { customer, lang } = input;
  const country = customer.country.toUpperCase();
  const from = input.departure_country.toUpperCase();
  const to = input.arrival_country.toUpperCase();
  const vat = customer.vat_number?.toUpperCase();
  if (customer.kind === 'business') {
    if (!isEuCountry(country)) {
      return { category: 'O', percent: 0, exemption: { code: 'VATEX-EU-O', text: NOT_SUBJECT_TEXT[lang] }, place_of_supply: 'outside_eu', rule: 'b2b_outside_eu' };
    }
    if (country === 'BE') return { category: 'S', percent: 21, place_of_supply: 'BE', rule: 'b2b_domestic' };
    if (vat && vatCountry(vat) !== 'BE' && isEuCountry(vatCountry(vat))) {
      return { category: 'AE', percent: 0, exemption: { code: 'VATEX-EU-AE', text: REVERSE_CHARGE_TEXT[lang] }, place_of_supply: vatCountry(vat), rule: 'b2b_eu_reverse_charge' };
    }
    // An EU business without a VAT number: treated as a private customer (art. 18(2) IR 282/2011).
  }
  if (!isEuCountry(from) || !isEuCountry(to)) {
    throw new VatTreatmentError(`Transport for a private customer between ${from} and ${to} leaves the EU; not supported`);
  }
  const rule = from === to ? 'b2c_domestic_transport' : 'b2c_intra_eu_departure';
  return { category: 'S', percent: EU_STANDARD_VAT_RATES[from]!, place_of_supply: from, rule };
}
