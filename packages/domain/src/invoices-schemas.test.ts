import { describe, expect, it } from 'vitest';
import { bankImportSchema, invoiceListSchema, invoiceReadSchema, partyFromText, peppolAddressOf } from './invoices.ts';

// What the invoice pages and the bank import read, and the Peppol address a business gets.

describe('the Peppol address of a business in another member state', () => {
  // The EAS code list: the scheme under which each country's VAT numbers are registered (Italy uses
  // its own 0211; Belgium its enterprise number under 0208, tested with invoices.ts).
  it.each([
    ['AT', 'ATU12345678', '9914'],
    ['BG', 'BG123456789', '9926'],
    ['CY', 'CY12345678X', '9928'],
    ['CZ', 'CZ12345678', '9929'],
    ['DE', 'DE123456789', '9930'],
    ['EE', 'EE123456789', '9931'],
    ['ES', 'ESX1234567X', '9920'],
    ['FR', 'FRXX123456789', '9957'],
    ['HR', 'HR12345678901', '9934'],
    ['HU', 'HU12345678', '9910'],
    ['IE', 'IE1234567X', '9935'],
    ['LT', 'LT123456789', '9937'],
    ['LU', 'LU12345678', '9938'],
    ['LV', 'LV12345678901', '9939'],
    ['MT', 'MT12345678', '9943'],
    ['PL', 'PL1234567890', '9945'],
    ['PT', 'PT123456789', '9946'],
    ['RO', 'RO1234567890', '9947'],
    ['SI', 'SI12345678', '9949'],
    ['SK', 'SK1234567890', '9950'],
  ])('%s: %s under %s', (country, vat, scheme) => {
    expect(peppolAddressOf(vat)).toEqual({ scheme, id: vat });
    expect(partyFromText({ name: 'Acme', address: '', country, vat: vat.toLowerCase() }).endpoint).toEqual({ scheme, id: vat });
  });

  it('has none for a country outside the EU, nor for the United Kingdom since Brexit', () => {
    expect(peppolAddressOf('NO123456789MVA')).toBeUndefined();
    expect(peppolAddressOf('GB123456789')).toBeUndefined();
  });
});

describe('an invoice as its recipient lists it', () => {
  const invoice = {
    id: 1,
    number: 'VM-2026-000042',
    kind: 'invoice',
    shipment_id: 9,
    reference: 'VM-9',
    issued_at: 1_800_000_000,
    due_at: 1_802_592_000,
    net: 100,
    vat: 21,
    total: 121,
    payable: 121,
    status: 'open',
    paid_at: null,
    payment_communication: '+++261/0000/04290+++',
    corrects: null,
    pdf_url: '/api/invoices/1/pdf',
    ubl_url: null,
  };

  it('keeps every field the page shows', () => {
    expect(invoiceReadSchema.parse(invoice)).toEqual(invoice);
    expect(invoiceListSchema.parse({ invoices: [invoice] })).toEqual({ invoices: [invoice] });
    expect(invoiceListSchema.parse({ invoices: [] })).toEqual({ invoices: [] });
  });

  it.each(['invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note'])('is an invoice or a credit note, for the sender or self-billed: %s', (kind) => {
    expect(invoiceReadSchema.parse({ ...invoice, kind }).kind).toBe(kind);
  });

  it.each(['paid', 'open', 'credited'])('is paid, open or credited: %s', (status) => {
    expect(invoiceReadSchema.parse({ ...invoice, status }).status).toBe(status);
  });

  it('refuses a kind or a status it does not know, and a field of the wrong type', () => {
    expect(invoiceReadSchema.safeParse({ ...invoice, kind: 'receipt' }).success).toBe(false);
    expect(invoiceReadSchema.safeParse({ ...invoice, status: 'overdue' }).success).toBe(false);
    expect(invoiceReadSchema.safeParse({ ...invoice, id: 1.5 }).success).toBe(false);
    expect(invoiceReadSchema.safeParse({ ...invoice, total: '121' }).success).toBe(false);
    expect(invoiceReadSchema.safeParse({ ...invoice, due_at: undefined }).success).toBe(false);
    expect(invoiceListSchema.safeParse({ invoices: [{ ...invoice, pdf_url: null }] }).success).toBe(false);
  });
});

describe('what an imported bank statement did', () => {
  const matched = (outcome: string) => ({ invoice: 'VM-2026-000042', amount: 121, booking_date: '2026-11-28', outcome });
  const unmatched = (reason: string) => ({ amount: 50, currency: 'EUR', booking_date: '2026-11-28', debtor_name: null, communication: null, remittance: 'factuur 42', reason });
  const report = {
    statements: 1,
    credits: 9,
    matched: ['paid', 'partial', 'overpaid'].map(matched),
    already_imported: 2,
    unmatched: ['no_communication', 'unknown_communication', 'already_paid', 'currency'].map(unmatched),
  };

  it('lists each credit matched with its outcome, and each one staff must place with its reason', () => {
    expect(bankImportSchema.parse(report)).toEqual(report);
  });

  it('refuses an outcome or a reason it does not know, and a credit missing a field', () => {
    expect(bankImportSchema.safeParse({ ...report, matched: [matched('refunded')] }).success).toBe(false);
    expect(bankImportSchema.safeParse({ ...report, unmatched: [unmatched('too_late')] }).success).toBe(false);
    expect(bankImportSchema.safeParse({ ...report, matched: [{ ...matched('paid'), amount: undefined }] }).success).toBe(false);
    expect(bankImportSchema.safeParse({ ...report, unmatched: [{ ...unmatched('currency'), currency: undefined }] }).success).toBe(false);
    expect(bankImportSchema.safeParse({ ...report, credits: 9.5 }).success).toBe(false);
  });
});
