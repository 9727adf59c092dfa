import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  creditableGross,
  documentTypeCode,
  isCreditNote,
  isSelfBilled,
  netForGross,
  eInvoiceTotals,
  parseStructuredCommunication,
  SMALL_BUSINESS_EXEMPTION_TEXT,
  structuredCommunication,
  vatTreatment,
  VatTreatmentError,
  type EInvoiceDoc,
  type EInvoiceLine,
} from './e-invoice.ts';

const party = { name: 'X', address: { lines: ['Straat 1'], city: 'Gent', postcode: '9000', country: 'BE' } };
const doc = (lines: EInvoiceLine[], extra: Partial<EInvoiceDoc> = {}): EInvoiceDoc => ({
  kind: 'invoice',
  number: '2026-000001',
  issue_date: '2026-03-01',
  buyer_reference: 'VM-1',
  seller: party,
  buyer: party,
  lines,
  ...extra,
});
const line = (quantity: number, unit_price_cents: number, category: EInvoiceLine['vat']['category'] = 'S', percent = 21): EInvoiceLine => ({
  description: 'Transport',
  quantity,
  unit_price_cents,
  vat: { category, percent },
});

describe('eInvoiceTotals', () => {
  it('rounds VAT once per breakdown, not per line (BR-CO-17)', () => {
    // Three lines of 0.05 at 21 %: per line 0.0105 -> 0.01 each (0.03); per breakdown 0.15 x 21 % = 0.0315 -> 0.03.
    // Three lines of 0.10: per line 0.021 -> 0.02 each = 0.06; per breakdown 0.30 x 21 % = 0.063 -> 0.06.
    // Seven lines of 0.10: per line 0.14; breakdown 0.70 x 21 % = 0.147 -> 0.15.
    const t = eInvoiceTotals(doc(Array.from({ length: 7 }, () => line(1, 10))));
    expect(t.breakdown).toEqual([{ category: 'S', percent: 21, taxable_cents: 70, tax_cents: 15, exemption: undefined }]);
    expect(t.tax_cents).toBe(15);
    expect(t.tax_inclusive_cents).toBe(85);
    expect(t.payable_cents).toBe(85);
  });

  it('rounds line nets to the cent, half away from zero', () => {
    const t = eInvoiceTotals(doc([line(1.5, 333), line(0.5, 1), line(3, 1999)]));
    expect(t.line_net_cents).toEqual([500, 1, 5997]); // 499.5 -> 500, 0.5 -> 1
    expect(t.line_total_cents).toBe(6498);
  });

  it('keeps one breakdown per category and rate, with the exemption reason, and O without a rate', () => {
    const t = eInvoiceTotals(
      doc([line(1, 10000, 'S', 21), line(1, 5000, 'S', 6), line(2, 2500, 'S', 21), line(1, 999, 'E', 0), line(1, 100, 'O', 0)], {
        exemptions: { E: { text: 'vrijgesteld' }, O: { code: 'VATEX-EU-O', text: 'not subject' } },
      }),
    );
    expect(t.breakdown.map((b) => [b.category, b.percent, b.taxable_cents, b.tax_cents, b.exemption?.text])).toEqual([
      ['S', 21, 15000, 3150, undefined],
      ['S', 6, 5000, 300, undefined],
      ['E', 0, 999, 0, 'vrijgesteld'],
      ['O', undefined, 100, 0, 'not subject'],
    ]);
    expect(t.tax_exclusive_cents).toBe(21099);
    expect(t.tax_cents).toBe(3450);
    expect(t.tax_inclusive_cents).toBe(24549);
  });

  it('uses fractional rates exactly (Finland 25.5 %) and subtracts what was prepaid', () => {
    const t = eInvoiceTotals(doc([line(1, 12345, 'S', 25.5)], { prepaid_cents: 15493 }));
    expect(t.tax_cents).toBe(3148); // 123.45 x 25.5 % = 31.47975
    expect(t.tax_inclusive_cents).toBe(15493);
    expect(t.payable_cents).toBe(0);
  });

  it('writes cents as UBL decimals', () => {
    expect(centsToDecimal(12345)).toBe('123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
});

describe('Belgian structured communication', () => {
  it('adds the mod-97 check digits', () => {
    expect(structuredCommunication('1234567890')).toBe('+++123/4567/89002+++');
    expect(structuredCommunication('0909337554')).toBe('+++090/9337/55493+++');
    expect(structuredCommunication('0000000001')).toBe('+++000/0000/00101+++');
  });

  it('writes 97 when the remainder is 0', () => {
    expect(structuredCommunication('0000000097')).toBe('+++000/0000/09797+++');
    expect(structuredCommunication('0000009700')).toBe('+++000/0009/70097+++');
  });

  it('refuses a base that is not ten digits', () => {
    expect(() => structuredCommunication('123')).toThrow();
    expect(() => structuredCommunication('12345678ab')).toThrow();
  });

  it('reads the +++ and *** forms and bare digits', () => {
    expect(parseStructuredCommunication('+++123/4567/89002+++')).toBe('123456789002');
    expect(parseStructuredCommunication('***123/4567/89002***')).toBe('123456789002');
    expect(parseStructuredCommunication('123456789002')).toBe('123456789002');
    expect(parseStructuredCommunication(' 123 4567 89002 ')).toBe('123456789002');
    expect(parseStructuredCommunication('+++000/0000/09797+++')).toBe('000000009797');
  });

  it('refuses a wrong check, a wrong length, mixed markers and letters', () => {
    expect(parseStructuredCommunication('+++123/4567/89003+++')).toBeNull();
    expect(parseStructuredCommunication('+++000/0000/09700+++')).toBeNull();
    expect(parseStructuredCommunication('12345678900')).toBeNull();
    expect(parseStructuredCommunication('+++123/4567/89002***')).toBeNull();
    expect(parseStructuredCommunication('+++123/4567/89002')).toBeNull();
    expect(parseStructuredCommunication('+++12a/4567/89002+++')).toBeNull();
    expect(parseStructuredCommunication('')).toBeNull();
  });
});

describe('vatTreatment', () => {
  const toSender = (customer: { kind: 'business' | 'private'; country: string; vat_number?: string }, departure_country = 'BE', arrival_country = 'BE') =>
    vatTreatment({ invoice: 'platform_to_sender', customer, departure_country, arrival_country, lang: 'en' });

  it('charges 21 % to a Belgian business, wherever the transport goes', () => {
    expect(toSender({ kind: 'business', country: 'BE', vat_number: 'BE0403170701' }, 'FR', 'DE')).toMatchObject({ category: 'S', percent: 21, rule: 'b2b_domestic' });
  });

  it('reverse-charges a business with a VAT number of another member state', () => {
    const t = toSender({ kind: 'business', country: 'NL', vat_number: 'NL123456789B01' });
    expect(t).toMatchObject({ category: 'AE', percent: 0, rule: 'b2b_eu_reverse_charge', place_of_supply: 'NL' });
    expect(t.exemption?.code).toBe('VATEX-EU-AE');
    expect(t.exemption?.text).toContain('art. 196');
    // Greece writes EL in its VAT numbers.
    expect(toSender({ kind: 'business', country: 'GR', vat_number: 'EL094259216' }).category).toBe('AE');
  });

  it('puts a business outside the EU out of scope (O)', () => {
    const t = toSender({ kind: 'business', country: 'CH' }, 'BE', 'CH');
    expect(t).toMatchObject({ category: 'O', rule: 'b2b_outside_eu', place_of_supply: 'outside_eu' });
    expect(t.exemption?.code).toBe('VATEX-EU-O');
  });

  it('charges a Belgian private customer 21 %', () => {
    expect(toSender({ kind: 'private', country: 'BE' })).toMatchObject({ category: 'S', percent: 21, place_of_supply: 'BE' });
  });

  it('taxes a private customer’s intra-EU transport where it departs (art. 49)', () => {
    expect(toSender({ kind: 'private', country: 'BE' }, 'DE', 'BE')).toMatchObject({ category: 'S', percent: 19, place_of_supply: 'DE', rule: 'b2c_intra_eu_departure' });
    expect(toSender({ kind: 'private', country: 'FR' }, 'BE', 'FR')).toMatchObject({ category: 'S', percent: 21, place_of_supply: 'BE' });
  });

  it('taxes a private customer’s domestic transport where it takes place (art. 48)', () => {
    expect(toSender({ kind: 'private', country: 'BE' }, 'FR', 'FR')).toMatchObject({ category: 'S', percent: 20, place_of_supply: 'FR', rule: 'b2c_domestic_transport' });
  });

  it('treats an EU business without a VAT number as a private customer', () => {
    expect(toSender({ kind: 'business', country: 'LU' }, 'LU', 'BE')).toMatchObject({ category: 'S', percent: 17, rule: 'b2c_intra_eu_departure' });
  });

  it('refuses a private customer’s transport that leaves the EU', () => {
    expect(() => toSender({ kind: 'private', country: 'BE' }, 'BE', 'CH')).toThrow(VatTreatmentError);
  });

  it('charges 21 % on a VAT-registered driver’s self-billed invoice', () => {
    expect(vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: 'registered' }, lang: 'nl' })).toMatchObject({ category: 'S', percent: 21 });
  });

  it('exempts a small-business driver with the legal text in the driver’s language', () => {
    for (const lang of ['nl', 'fr', 'en'] as const) {
      const t = vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: 'small_business_exempt' }, lang });
      expect(t).toMatchObject({ category: 'E', percent: 0, rule: 'driver_small_business' });
      expect(t.exemption?.text).toBe(SMALL_BUSINESS_EXEMPTION_TEXT[lang]);
    }
    expect(SMALL_BUSINESS_EXEMPTION_TEXT.nl).toContain('Bijzondere vrijstellingsregeling kleine ondernemingen');
  });
});

describe('amounts a one-line document can state exactly', () => {
  // The VAT is rounded once on the net, so some totals with VAT are never reached (12,103 cents at 21 %).
  it.each([
    [0, 21, 0],
    [1, 21, 1],
    [3, 21, null],
    [4, 21, 3],
    [12_100, 21, 10_000],
    [12_103, 21, null],
    [12_104, 21, 10_003],
    [19_239, 21, 15_900],
    [100_001, 21, null],
    [100_002, 21, 82_646],
    [100_006, 21, null],
    [121, 25.5, null],
    [12_101, 25.5, 9_642],
    [100_004, 25.5, null],
    [100_002, 6, null],
    [100_003, 6, 94_342],
    [-1, 21, null],
  ])('the net for %i cents with VAT at %f % is %s', (gross, percent, net) => {
    expect(netForGross(gross, percent)).toBe(net);
  });

  it('rounds a refund up to the next amount a credit note can state, never past the most that may be refunded', () => {
    expect(creditableGross(12_103, 21, 20_000)).toBe(12_104);
    expect(creditableGross(12_100, 21, 20_000)).toBe(12_100);
    expect(creditableGross(100_006, 21, 200_000)).toBe(100_007);
    expect(creditableGross(3, 21, 3)).toBe(3);
    expect(creditableGross(3, 21, 10)).toBe(4);
  });
});

describe('document kinds', () => {
  it('are numbered 380 invoice, 381 credit note, 389 self-billed invoice, 261 self-billed credit note', () => {
    expect(['invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note'].map((k) => documentTypeCode(k as Parameters<typeof documentTypeCode>[0]))).toEqual(['380', '381', '389', '261']);
    expect((['invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note'] as const).map(isCreditNote)).toEqual([false, true, false, true]);
    expect((['invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note'] as const).map(isSelfBilled)).toEqual([false, false, true, true]);
  });
});

describe('structured communications at the edges', () => {
  it('builds one only from exactly ten digits', () => {
    expect(() => structuredCommunication('12345678901')).toThrow('exactly ten digits');
    expect(() => structuredCommunication('x1234567890')).toThrow('exactly ten digits');
  });

  it.each([
    [' +++123/4567/89002+++ ', '123456789002'],
    ['REF 123/4567/89002', null],
    ['***123/4567/89002', null],
    ['123/4567/89002+++', null],
    ['123/4567/89002***', null],
    ['+++000/0000/00097+++', null],
  ])('reads %j as %s', (text, digits) => {
    expect(parseStructuredCommunication(text)).toBe(digits);
  });
});

describe('VAT treatment: where the supply is and why', () => {
  const toSender = (customer: { kind: 'business' | 'private'; country: string; vat_number?: string }, departure_country = 'BE', arrival_country = 'BE') =>
    vatTreatment({ invoice: 'platform_to_sender', customer, departure_country, arrival_country, lang: 'en' });

  it('places a driver’s self-billed supply and a Belgian business’s in Belgium', () => {
    expect(vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: 'registered' }, lang: 'nl' })).toEqual({ category: 'S', percent: 21, place_of_supply: 'BE', rule: 'driver_vat_registered' });
    expect(vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: 'small_business_exempt' }, lang: 'en' })).toEqual({
      category: 'E',
      percent: 0,
      exemption: { text: SMALL_BUSINESS_EXEMPTION_TEXT.en },
      place_of_supply: 'BE',
      rule: 'driver_small_business',
    });
    expect(toSender({ kind: 'business', country: 'BE' })).toEqual({ category: 'S', percent: 21, place_of_supply: 'BE', rule: 'b2b_domestic' });
  });

  it('does not reverse-charge a business abroad that gave a Belgian VAT number (a Belgian supplier never does): it is charged VAT', () => {
    // Which rate (Belgium's or the departure country's) is an open question, see the mutation report; only "not AE" is pinned.
    expect(toSender({ kind: 'business', country: 'NL', vat_number: 'BE0403170701' }, 'FR', 'BE').category).toBe('S');
  });

  it('names the countries when it refuses a private transport leaving the EU', () => {
    expect(() => toSender({ kind: 'private', country: 'BE' }, 'be', 'ch')).toThrow('between BE and CH');
  });
});
