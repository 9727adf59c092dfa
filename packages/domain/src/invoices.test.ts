import { describe, expect, it } from 'vitest';
import { communicationBase, enterpriseNumberOf, invoiceNumber, partyFromText, peppolAddressOf, saleVat, saleVatPercent, vatNumberCountry } from './invoices.ts';
import { parseStructuredCommunication, structuredCommunication } from './e-invoice.ts';

describe('invoice numbers (gap-free per series and year)', () => {
  it.each([
    ['sales', 2026, 42, 'VM-2026-000042'],
    ['sales_credit', 2026, 1, 'VMC-2026-000001'],
    ['self_billed', 2027, 999_999, 'SB-2027-999999'],
    ['self_billed_credit', 2026, 1_234_567, 'SBC-2026-1234567'],
  ] as const)('%s %i #%i is %s', (series, year, sequence, number) => {
    expect(invoiceNumber(series, year, sequence)).toBe(number);
  });

  it('builds a sales invoice’s structured communication from the year, a 1 and the sequence', () => {
    expect(communicationBase(2026, 42)).toBe('2610000042');
    expect(communicationBase(2005, 9_999_999)).toBe('0519999999');
    // Ten digits, so it makes a valid +++ communication that reads back.
    const c = structuredCommunication(communicationBase(2026, 42));
    expect(parseStructuredCommunication(c)).toBe('261000004290') // 2610000042 mod 97 = 90;
  });
});

describe('Peppol addresses and VAT numbers', () => {
  it('takes a Belgian VAT number’s ten digits as the enterprise number, 0 or 1 first', () => {
    expect(enterpriseNumberOf('BE0403170701')).toBe('0403170701');
    expect(enterpriseNumberOf('BE1000000039')).toBe('1000000039');
    expect(enterpriseNumberOf('BE2403170701')).toBeUndefined();
    expect(enterpriseNumberOf('BE040317070')).toBeUndefined();
    expect(enterpriseNumberOf('BE04031707011')).toBeUndefined();
    expect(enterpriseNumberOf('xBE0403170701')).toBeUndefined();
    expect(enterpriseNumberOf('NL0403170701')).toBeUndefined();
  });

  it('addresses a Belgian business by its enterprise number (0208), others by the VAT scheme of their country', () => {
    expect(peppolAddressOf('BE0403170701')).toEqual({ scheme: '0208', id: '0403170701' });
    expect(peppolAddressOf('NL123456789B01')).toEqual({ scheme: '9944', id: 'NL123456789B01' });
    expect(peppolAddressOf('EL094259216')).toEqual({ scheme: '9933', id: 'EL094259216' });
    expect(peppolAddressOf('IT12345678901')).toEqual({ scheme: '0211', id: 'IT12345678901' });
    // No scheme known (outside the EU, or a malformed Belgian number): no Peppol address.
    expect(peppolAddressOf('CHE123456789')).toBeUndefined();
    expect(peppolAddressOf('BE123')).toBeUndefined();
  });

  it('reads the country of a VAT number, EL as Greece', () => {
    expect(vatNumberCountry('EL094259216')).toBe('GR');
    expect(vatNumberCountry('DE123456789')).toBe('DE');
    expect(vatNumberCountry('BE0403170701')).toBe('BE');
  });
});

describe('saleVat: the VAT of the platform’s sale to a sender', () => {
  const facts = (company_vat: string | null, country = 'BE', pickup_country = 'BE', delivery_country = 'BE') => ({ company_vat, country, pickup_country, delivery_country });

  it('charges a Belgian company 21 %, reverse-charges an EU company, puts one outside the EU out of scope', () => {
    expect(saleVat(facts('BE0403170701'))).toMatchObject({ category: 'S', percent: 21, rule: 'b2b_domestic' });
    expect(saleVat(facts(' nl123456789b01 ', 'BE'))).toMatchObject({ category: 'AE', percent: 0, place_of_supply: 'NL' });
    expect(saleVat(facts('EL094259216'))).toMatchObject({ category: 'AE', place_of_supply: 'GR' });
    expect(saleVat(facts('CHE123456789'), 'fr').exemption?.text).toContain('hors de l’UE');
    expect(saleVatPercent(facts('BE0403170701'))).toBe(21);
    expect(saleVatPercent(facts('DE123456789'))).toBe(0);
    expect(saleVatPercent(facts('CHE123456789'))).toBe(0);
  });

  it('writes the exemption in Dutch unless another language is asked', () => {
    expect(saleVat(facts('DE123456789')).exemption?.text).toContain('Btw verlegd');
    expect(saleVat(facts('DE123456789'), 'en').exemption?.text).toContain('Reverse charge');
  });

  it('treats a sender without a VAT number (or a blank one) as a private person: the departure country’s rate', () => {
    expect(saleVat(facts(null, 'BE', 'DE', 'BE'))).toMatchObject({ category: 'S', percent: 19, place_of_supply: 'DE' });
    expect(saleVat(facts('   ', 'BE', 'FR', 'FR'))).toMatchObject({ category: 'S', percent: 20, rule: 'b2c_domestic_transport' });
    expect(saleVatPercent(facts(null, 'nl', 'NL', 'BE'))).toBe(21);
    expect(saleVatPercent(facts(null, 'BE', 'LU', 'LU'))).toBe(17);
  });

  it('takes Belgium where the country or the route is not known', () => {
    expect(saleVat(facts(null, '', '', ''))).toMatchObject({ category: 'S', percent: 21, place_of_supply: 'BE', rule: 'b2c_domestic_transport' });
    expect(saleVat(facts(null, 'BE', '', 'DE'))).toMatchObject({ place_of_supply: 'BE', rule: 'b2c_intra_eu_departure' });
    expect(saleVat(facts(null, 'BE', 'DE', ''))).toMatchObject({ place_of_supply: 'DE', rule: 'b2c_intra_eu_departure' });
  });

  it('keeps Belgium’s 21 % for a private transport leaving the EU (the rules do not cover it)', () => {
    expect(saleVat(facts(null, 'BE', 'BE', 'CH'))).toEqual({ category: 'S', percent: 21, place_of_supply: 'BE', rule: 'b2c_domestic_transport' });
    expect(saleVatPercent(facts(null, 'BE', 'CH', 'DE'))).toBe(21);
  });
});

describe('partyFromText: a document party from a typed address', () => {
  it('splits street, number and box from the place, and derives the Peppol address from the VAT number', () => {
    expect(partyFromText({ name: 'Acme NV', address: 'Kerkstraat 12 bus 3, 3500 Hasselt', country: 'be', vat: ' be0403170701 ', email: 'a@acme.be' })).toEqual({
      name: 'Acme NV',
      vat_number: 'BE0403170701',
      enterprise_number: '0403170701',
      address: { lines: ['Kerkstraat 12 bus 3'], city: 'Hasselt', postcode: '3500', country: 'BE' },
      endpoint: { scheme: '0208', id: '0403170701' },
      email: 'a@acme.be',
    });
  });

  it('has no VAT, enterprise number, Peppol address or e-mail for a private person', () => {
    const p = partyFromText({ name: 'An Peeters', address: 'Veldstraat 5, 9000 Gent', country: 'BE', vat: '  ', email: '' });
    expect(p).toEqual({
      name: 'An Peeters',
      vat_number: undefined,
      enterprise_number: undefined,
      address: { lines: ['Veldstraat 5'], city: 'Gent', postcode: '9000', country: 'BE' },
      endpoint: undefined,
      email: undefined,
    });
  });

  it('leaves the address line out when no street was typed', () => {
    expect(partyFromText({ name: 'X', address: '', country: 'BE' }).address.lines).toEqual([]);
  });
});
