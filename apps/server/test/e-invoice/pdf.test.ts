import { SMALL_BUSINESS_EXEMPTION_TEXT, structuredCommunication, vatTreatment, type EInvoiceDoc } from '@vm/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { money, toPdf } from '../../src/lib/e-invoice/pdf.ts';
import { PLATFORM } from './random-documents.ts';

async function pdfText(buffer: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const driver = {
  name: 'Jan Peeters',
  enterprise_number: '0123456749',
  vat_number: 'BE0123456749',
  address: { lines: ['Dorpsstraat 7'], city: 'Leuven', postcode: '3000', country: 'BE' },
  endpoint: { scheme: '0208', id: '0123456749' },
};

describe('invoice PDF', () => {
  it('carries the number, dates, parties, VAT per rate, totals and the structured communication', async () => {
    const doc: EInvoiceDoc = {
      kind: 'invoice',
      number: '2026-000042',
      issue_date: '2026-03-01',
      due_date: '2026-03-31',
      buyer_reference: 'VM-123456',
      seller: PLATFORM,
      buyer: { ...driver, name: 'Dupont & Fils SRL' },
      lines: [
        { description: 'Transport Gent - Lyon', quantity: 1, unit_price_cents: 123_456, vat: { category: 'S', percent: 21 } },
        { description: 'Waiting time', quantity: 1.5, unit_price_cents: 4_000, vat: { category: 'S', percent: 21 } },
      ],
      payment: { means: 'sepa_credit_transfer', iban: 'BE68539007547034', payment_id: structuredCommunication('1234567890').replace(/\D/g, '') },
    };
    const text = await pdfText(await toPdf(doc, 'nl'));
    expect(text).toContain('Factuur');
    expect(text).toContain('2026-000042');
    expect(text).toContain('01/03/2026');
    expect(text).toContain('31/03/2026');
    expect(text).toContain('Dupont & Fils SRL');
    expect(text).toContain('BE0403170701');
    expect(text).toContain('BE0123456749');
    expect(text).toContain(money(129_456, 'nl')); // net
    expect(text).toContain(money(27_186, 'nl')); // VAT 21 %
    expect(text).toContain(money(156_642, 'nl')); // total
    expect(text).toContain('+++123/4567/89002+++');
    expect(text).toContain('BE68 5390 0754 7034');
  });

  it('shows self-billing and the small-business exemption text on a driver’s self-billed invoice, in each language', async () => {
    for (const [lang, label] of [
      ['nl', 'Zelffacturatie'],
      ['fr', 'Autofacturation'],
      ['en', 'Self-billing'],
    ] as const) {
      const t = vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: 'small_business_exempt' }, lang });
      const doc: EInvoiceDoc = {
        kind: 'self_billed_invoice',
        number: 'SB-2026-000007',
        issue_date: '2026-05-04',
        buyer_reference: 'VM-777777',
        seller: driver,
        buyer: PLATFORM,
        lines: [{ description: 'Transport Brugge - Namur', quantity: 1, unit_price_cents: 8_050, vat: { category: t.category, percent: t.percent } }],
        exemptions: { E: t.exemption! },
        payment: { means: 'sepa_credit_transfer', iban: 'BE71096123456769' },
      };
      const text = await pdfText(await toPdf(doc, lang));
      expect(text).toContain(label);
      expect(text).toContain('SB-2026-000007');
      expect(text).toContain(SMALL_BUSINESS_EXEMPTION_TEXT[lang]);
      expect(text).toContain(money(8_050, lang));
    }
  });

  it('shows the reverse-charge text and the corrected invoice on a credit note', async () => {
    const t = vatTreatment({ invoice: 'platform_to_sender', customer: { kind: 'business', country: 'DE', vat_number: 'DE123456789' }, departure_country: 'BE', arrival_country: 'DE', lang: 'fr' });
    const doc: EInvoiceDoc = {
      kind: 'credit_note',
      number: '2026-C-000003',
      issue_date: '2026-06-10',
      buyer_reference: 'VM-555555',
      preceding_invoice: { number: '2026-000040', issue_date: '2026-06-01' },
      seller: PLATFORM,
      buyer: { name: 'Müller GmbH', vat_number: 'DE123456789', address: { lines: ['Hauptstraße 5'], city: 'Köln', postcode: '50667', country: 'DE' }, endpoint: { scheme: '9930', id: 'DE123456789' } },
      lines: [{ description: 'Remboursement', quantity: 1, unit_price_cents: 20_000, vat: { category: t.category, percent: t.percent } }],
      exemptions: { AE: t.exemption! },
    };
    const text = await pdfText(await toPdf(doc, 'fr'));
    expect(text).toContain('Note de crédit');
    expect(text).toContain('2026-000040');
    expect(text).toContain('Autoliquidation');
    expect(text).toContain('VATEX-EU-AE');
    expect(text).toContain('DE123456789');
    expect(text).toContain(money(20_000, 'fr'));
  });
});
