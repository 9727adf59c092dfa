import {
  CATEGORIES_WITH_REASON,
  centsToDecimal,
  documentTypeCode,
  eInvoiceTotals,
  isCreditNote,
  isSelfBilled,
  type EInvoiceDoc,
  type EInvoiceParty,
  type VatCategory,
} from '@vm/domain';

// UBL 2.1 for Peppol BIS Billing 3.0 (Invoice 380, CreditNote 381) and Peppol Self-Billing 3.0
// (Invoice 389, CreditNote 261), written by hand with every text escaped: the element order is the
// UBL 2.1 schema's, no empty element is ever written (PEPPOL-EN16931-R008), and there is no DOCTYPE.
// Every document the product makes passes the official rules (test/e-invoice/peppol.property.test.ts).

export const BILLING_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const BILLING_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
export const SELF_BILLING_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
export const SELF_BILLING_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:selfbilling:01:1.0';

export class UblError extends Error {}

/** Characters XML 1.0 cannot carry at all are dropped; the five specials are escaped. */
export function xmlText(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

type Attrs = Record<string, string | undefined>;
/** One element; children are already-serialised XML. A missing or blank value writes nothing. */
const el = (name: string, value: string | undefined | null, attrs: Attrs = {}): string => {
  if (value === undefined || value === null || value.trim() === '') return '';
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlText(v!)}"`)
    .join('');
  return `<${name}${a}>${xmlText(value.trim())}</${name}>`;
};
const group = (name: string, ...children: string[]): string => {
  const inner = children.join('');
  return inner ? `<${name}>${inner}</${name}>` : '';
};

const percentText = (p: number) => String(Number(p.toFixed(2)));

const amount = (name: string, cents: number) => `<${name} currencyID="EUR">${centsToDecimal(cents)}</${name}>`;

/** Quantities: plain decimals, at most 4 places, never exponent notation. */
const quantityText = (q: number) => String(Number(q.toFixed(4)));

function taxScheme() {
  return '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';
}

/**
 * A party (BG-4 / BG-7). The Belgian enterprise number is the legal registration (BT-30 / BT-47,
 * scheme 0208); the VAT number is the VAT identifier (BT-31 / BT-48) unless the document is out of
 * scope (O), where EN 16931 forbids both parties' VAT identifiers (BR-O-02).
 */
function party(p: EInvoiceParty, role: 'seller' | 'buyer', withVat: boolean): string {
  if (!p.endpoint) throw new UblError(`The ${role} "${p.name}" has no Peppol address: this document is sent as a PDF only`);
  const [street, ...more] = p.address.lines.filter((l) => l.trim() !== '');
  const legalId = p.enterprise_number ? el('cbc:CompanyID', p.enterprise_number, { schemeID: '0208' }) : '';
  return group(
    'cac:Party',
    el('cbc:EndpointID', p.endpoint.id, { schemeID: p.endpoint.scheme }),
    group('cac:PartyName', el('cbc:Name', p.name)),
    group(
      'cac:PostalAddress',
      el('cbc:StreetName', street),
      el('cbc:AdditionalStreetName', more.join(', ')),
      el('cbc:CityName', p.address.city),
      el('cbc:PostalZone', p.address.postcode),
      group('cac:Country', el('cbc:IdentificationCode', p.address.country.toUpperCase())),
    ),
    withVat && p.vat_number ? group('cac:PartyTaxScheme', el('cbc:CompanyID', p.vat_number), taxScheme()) : '',
    group('cac:PartyLegalEntity', el('cbc:RegistrationName', p.name), legalId),
    p.email ? group('cac:Contact', el('cbc:ElectronicMail', p.email)) : '',
  );
}

function taxCategory(tag: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', category: VatCategory, percent: number | undefined, reason?: { code?: string; text: string }) {
  return group(
    tag,
    el('cbc:ID', category),
    // O carries no rate (BR-O-05 / BR-O-14); every other category does, 0 included.
    category === 'O' || percent === undefined ? '' : el('cbc:Percent', percentText(percent)),
    reason?.code ? el('cbc:TaxExemptionReasonCode', reason.code) : '',
    reason ? el('cbc:TaxExemptionReason', reason.text) : '',
    taxScheme(),
  );
}

/** The UBL 2.1 XML of a document (UTF-8 text). Throws UblError when the document cannot be valid. */
export function toUbl(doc: EInvoiceDoc): string {
  const credit = isCreditNote(doc.kind);
  const self = isSelfBilled(doc.kind);
  const root = credit ? 'CreditNote' : 'Invoice';
  const totals = eInvoiceTotals(doc);
  if (doc.lines.length === 0) throw new UblError('A document needs at least one line');
  for (const b of totals.breakdown) {
    if (CATEGORIES_WITH_REASON.includes(b.category) && !b.exemption) throw new UblError(`VAT category ${b.category} needs an exemption reason`);
  }
  const outOfScope = totals.breakdown.some((b) => b.category === 'O');
  if (outOfScope && totals.breakdown.length > 1) throw new UblError('A document out of scope of VAT (O) cannot carry other VAT categories (BR-O-11)');
  const withVat = !outOfScope;
  const reasonFor = (c: VatCategory) => (c === 'S' || c === 'Z' ? undefined : doc.exemptions?.[c]);

  const pay = doc.payment;
  const paymentMeans = pay
    ? group(
        'cac:PaymentMeans',
        el('cbc:PaymentMeansCode', pay.means === 'sepa_credit_transfer' ? '58' : pay.means === 'credit_transfer' ? '30' : '48'),
        credit && doc.due_date ? el('cbc:PaymentDueDate', doc.due_date) : '',
        el('cbc:PaymentID', pay.payment_id),
        pay.means === 'card' && pay.card_last4
          ? group('cac:CardAccount', el('cbc:PrimaryAccountNumberID', pay.card_last4), el('cbc:NetworkID', pay.card_network ?? 'card'))
          : '',
        pay.means !== 'card'
          ? group('cac:PayeeFinancialAccount', el('cbc:ID', pay.iban?.replace(/\s/g, '')), pay.bic ? group('cac:FinancialInstitutionBranch', el('cbc:ID', pay.bic)) : '')
          : '',
      )
    : '';
  if (pay && pay.means !== 'card' && !pay.iban) throw new UblError('A credit transfer needs the payee IBAN (BR-61)');

  const lines = doc.lines
    .map((line, i) =>
      group(
        credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
        el('cbc:ID', String(i + 1)),
        el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', quantityText(line.quantity), { unitCode: line.unit_code ?? 'C62' }),
        amount('cbc:LineExtensionAmount', totals.line_net_cents[i]!),
        group('cac:Item', el('cbc:Name', line.description.slice(0, 200)), taxCategory('cac:ClassifiedTaxCategory', line.vat.category, line.vat.percent)),
        group('cac:Price', amount('cbc:PriceAmount', line.unit_price_cents)),
      ),
    )
    .join('');

  const body = [
    el('cbc:CustomizationID', self ? SELF_BILLING_CUSTOMIZATION_ID : BILLING_CUSTOMIZATION_ID),
    el('cbc:ProfileID', self ? SELF_BILLING_PROFILE_ID : BILLING_PROFILE_ID),
    el('cbc:ID', doc.number),
    el('cbc:IssueDate', doc.issue_date),
    credit ? '' : el('cbc:DueDate', doc.due_date),
    el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', documentTypeCode(doc.kind)),
    el('cbc:Note', (doc.notes ?? []).filter((n) => n.trim() !== '').join('\n')),
    el('cbc:DocumentCurrencyCode', 'EUR'),
    el('cbc:BuyerReference', doc.buyer_reference),
    doc.order_reference ? group('cac:OrderReference', el('cbc:ID', doc.order_reference)) : '',
    doc.preceding_invoice
      ? group('cac:BillingReference', group('cac:InvoiceDocumentReference', el('cbc:ID', doc.preceding_invoice.number), el('cbc:IssueDate', doc.preceding_invoice.issue_date)))
      : '',
    group('cac:AccountingSupplierParty', party(doc.seller, 'seller', withVat)),
    group('cac:AccountingCustomerParty', party(doc.buyer, 'buyer', withVat)),
    paymentMeans,
    group(
      'cac:TaxTotal',
      amount('cbc:TaxAmount', totals.tax_cents),
      ...totals.breakdown.map((b) =>
        group('cac:TaxSubtotal', amount('cbc:TaxableAmount', b.taxable_cents), amount('cbc:TaxAmount', b.tax_cents), taxCategory('cac:TaxCategory', b.category, b.percent, reasonFor(b.category))),
      ),
    ),
    group(
      'cac:LegalMonetaryTotal',
      amount('cbc:LineExtensionAmount', totals.line_total_cents),
      amount('cbc:TaxExclusiveAmount', totals.tax_exclusive_cents),
      amount('cbc:TaxInclusiveAmount', totals.tax_inclusive_cents),
      totals.prepaid_cents ? amount('cbc:PrepaidAmount', totals.prepaid_cents) : '',
      amount('cbc:PayableAmount', totals.payable_cents),
    ),
    lines,
  ]
    .filter((part) => part !== '')
    .join('\n  ');

  const ns = `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="${ns}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n  ` +
    body +
    `\n</${root}>\n`
  );
}
