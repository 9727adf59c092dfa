import {
  eInvoiceTotals,
  formatStructuredCommunication,
  isCreditNote,
  isSelfBilled,
  type EInvoiceDoc,
  type EInvoiceParty,
  type Locale,
  type VatBreakdown,
} from '@vm/domain';
import { dateText, money, openPdf, tableRow } from '../pdf/pdf-writer.ts';

// An invoice or credit note as an A4 PDF, in the customer's language, with everything art. 5 of
// Royal Decree no. 1 (Belgian VAT Code) asks: date and number, seller's and buyer's names,
// addresses and VAT numbers, the service, quantities, net per rate, VAT per rate, the total, and
// the text of the exemption or reverse charge; "self-billing" on self-billed ones; the due date and
// structured communication when the invoice is paid by transfer. Same house style as the
// consignment note (modules/proofs/consignment-note-pdf.ts).

type Labels = Record<
  | 'invoice'
  | 'credit_note'
  | 'self_billing'
  | 'number'
  | 'date'
  | 'due_date'
  | 'reference'
  | 'order'
  | 'corrects'
  | 'seller'
  | 'buyer'
  | 'vat_number'
  | 'enterprise_number'
  | 'description'
  | 'quantity'
  | 'unit_price'
  | 'vat_rate'
  | 'net'
  | 'vat_breakdown'
  | 'taxable'
  | 'vat'
  | 'total_net'
  | 'total_vat'
  | 'total'
  | 'prepaid'
  | 'payable'
  | 'refund'
  | 'payment'
  | 'structured_communication'
  | 'iban'
  | 'paid_by_card'
  | 'not_subject',
  string
>;

const LABELS: Record<Locale, Labels> = {
  nl: {
    invoice: 'Factuur',
    credit_note: 'Creditnota',
    self_billing: 'Zelffacturatie',
    number: 'Nummer',
    date: 'Factuurdatum',
    due_date: 'Vervaldag',
    reference: 'Referentie',
    order: 'Zending',
    corrects: 'Corrigeert factuur',
    seller: 'Verkoper',
    buyer: 'Koper',
    vat_number: 'Btw-nummer',
    enterprise_number: 'Ondernemingsnummer',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit_price: 'Eenheidsprijs',
    vat_rate: 'Btw',
    net: 'Netto',
    vat_breakdown: 'Btw-overzicht',
    taxable: 'Maatstaf van heffing',
    vat: 'Btw',
    total_net: 'Totaal excl. btw',
    total_vat: 'Totaal btw',
    total: 'Totaal incl. btw',
    prepaid: 'Reeds betaald',
    payable: 'Te betalen',
    refund: 'Terug te betalen',
    payment: 'Betaling',
    structured_communication: 'Gestructureerde mededeling',
    iban: 'Rekening',
    paid_by_card: 'Betaald met kaart',
    not_subject: 'niet onderworpen',
  },
  fr: {
    invoice: 'Facture',
    credit_note: 'Note de crédit',
    self_billing: 'Autofacturation',
    number: 'Numéro',
    date: 'Date de facture',
    due_date: 'Échéance',
    reference: 'Référence',
    order: 'Envoi',
    corrects: 'Corrige la facture',
    seller: 'Vendeur',
    buyer: 'Acheteur',
    vat_number: 'Numéro de TVA',
    enterprise_number: 'Numéro d’entreprise',
    description: 'Description',
    quantity: 'Quantité',
    unit_price: 'Prix unitaire',
    vat_rate: 'TVA',
    net: 'Net',
    vat_breakdown: 'Récapitulatif TVA',
    taxable: 'Base imposable',
    vat: 'TVA',
    total_net: 'Total hors TVA',
    total_vat: 'Total TVA',
    total: 'Total TVA comprise',
    prepaid: 'Déjà payé',
    payable: 'À payer',
    refund: 'À rembourser',
    payment: 'Paiement',
    structured_communication: 'Communication structurée',
    iban: 'Compte',
    paid_by_card: 'Payé par carte',
    not_subject: 'non soumis',
  },
  en: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    self_billing: 'Self-billing',
    number: 'Number',
    date: 'Invoice date',
    due_date: 'Due date',
    reference: 'Reference',
    order: 'Shipment',
    corrects: 'Corrects invoice',
    seller: 'Seller',
    buyer: 'Buyer',
    vat_number: 'VAT number',
    enterprise_number: 'Enterprise number',
    description: 'Description',
    quantity: 'Quantity',
    unit_price: 'Unit price',
    vat_rate: 'VAT',
    net: 'Net',
    vat_breakdown: 'VAT breakdown',
    taxable: 'Taxable amount',
    vat: 'VAT',
    total_net: 'Total excl. VAT',
    total_vat: 'Total VAT',
    total: 'Total incl. VAT',
    prepaid: 'Already paid',
    payable: 'Amount due',
    refund: 'To be refunded',
    payment: 'Payment',
    structured_communication: 'Structured communication',
    iban: 'Account',
    paid_by_card: 'Paid by card',
    not_subject: 'not subject',
  },
};

export { money };

const percentText = (p: number, lang: Locale) => `${String(Number(p.toFixed(2))).replace('.', lang === 'en' ? '.' : ',')} %`;
const quantityText = (q: number, lang: Locale) => String(Number(q.toFixed(4))).replace('.', lang === 'en' ? '.' : ',');

export function documentTitle(doc: EInvoiceDoc, lang: Locale): string {
  const l = LABELS[lang];
  const base = isCreditNote(doc.kind) ? l.credit_note : l.invoice;
  return isSelfBilled(doc.kind) ? `${base} - ${l.self_billing}` : base;
}

export function toPdf(doc: EInvoiceDoc, lang: Locale): Promise<Buffer> {
  const l = LABELS[lang];
  const totals = eInvoiceTotals(doc);
  const title = documentTitle(doc, lang);
  const { pdf, done, left, width } = openPdf(`${title} ${doc.number}`);

  pdf.font('Helvetica-Bold').fontSize(18).text(title);
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`${l.number}: ${doc.number}`);
  pdf.text(`${l.date}: ${dateText(doc.issue_date, lang)}`);
  if (doc.due_date) pdf.text(`${l.due_date}: ${dateText(doc.due_date, lang)}`);
  pdf.text(`${l.reference}: ${doc.buyer_reference}`);
  if (doc.order_reference && doc.order_reference !== doc.buyer_reference) pdf.text(`${l.order}: ${doc.order_reference}`);
  if (doc.preceding_invoice) pdf.text(`${l.corrects}: ${doc.preceding_invoice.number} (${dateText(doc.preceding_invoice.issue_date, lang)})`);
  pdf.moveDown(0.8);

  // Seller and buyer side by side.
  const partyText = (p: EInvoiceParty) =>
    [
      p.name,
      ...p.address.lines,
      `${p.address.postcode} ${p.address.city}`,
      p.address.country,
      p.vat_number ? `${l.vat_number}: ${p.vat_number}` : '',
      p.enterprise_number ? `${l.enterprise_number}: ${p.enterprise_number.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1.$2.$3')}` : '',
    ]
      .filter((s) => s !== '')
      .join('\n');
  const top = pdf.y;
  const half = width / 2 - 8;
  pdf.font('Helvetica-Bold').fontSize(9).text(l.seller, left, top, { width: half });
  pdf.font('Helvetica').fontSize(10).text(partyText(doc.seller), { width: half });
  const afterSeller = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(9).text(l.buyer, left + half + 16, top, { width: half });
  pdf.font('Helvetica').fontSize(10).text(partyText(doc.buyer), { width: half });
  pdf.x = left;
  pdf.y = Math.max(afterSeller, pdf.y) + 16;

  // Lines.
  const cols = [
    { w: width * 0.42, align: 'left' as const },
    { w: width * 0.12, align: 'right' as const },
    { w: width * 0.16, align: 'right' as const },
    { w: width * 0.12, align: 'right' as const },
    { w: width * 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => tableRow(pdf, left, cols, cells, bold);
  const rateText = (category: string, percent: number) => (category === 'O' ? l.not_subject : `${percent === 0 ? '0 %' : percentText(percent, lang)} (${category})`);
  row([l.description, l.quantity, l.unit_price, l.vat_rate, l.net], true);
  doc.lines.forEach((line, i) =>
    row([line.description, quantityText(line.quantity, lang), money(line.unit_price_cents, lang), rateText(line.vat.category, line.vat.percent), money(totals.line_net_cents[i]!, lang)]),
  );
  pdf.moveDown(0.8);

  // VAT per rate: taxable amount and VAT.
  pdf.font('Helvetica-Bold').fontSize(10).text(l.vat_breakdown, left);
  row([l.vat_rate, '', l.taxable, '', l.vat], true);
  const breakdownRate = (b: VatBreakdown) => rateText(b.category, b.percent ?? 0);
  for (const b of totals.breakdown) row([breakdownRate(b), '', money(b.taxable_cents, lang), '', money(b.tax_cents, lang)]);
  pdf.moveDown(0.6);

  const sum = (label: string, cents: number, bold = false) => row([label, '', '', '', money(cents, lang)], bold);
  sum(l.total_net, totals.tax_exclusive_cents);
  sum(l.total_vat, totals.tax_cents);
  sum(l.total, totals.tax_inclusive_cents, true);
  if (totals.prepaid_cents) sum(l.prepaid, totals.prepaid_cents);
  if (totals.prepaid_cents || doc.payment?.payment_id) sum(isCreditNote(doc.kind) ? l.refund : l.payable, totals.payable_cents, true);
  pdf.moveDown(0.8);

  // Exemption and reverse-charge texts, once per category.
  for (const b of totals.breakdown) {
    if (b.exemption) pdf.font('Helvetica-Bold').fontSize(9).text(`${b.category}: ${b.exemption.text}${b.exemption.code ? ` (${b.exemption.code})` : ''}`, left, pdf.y, { width });
  }
  if (isSelfBilled(doc.kind)) pdf.font('Helvetica-Bold').fontSize(9).text(l.self_billing, left, pdf.y, { width });
  pdf.moveDown(0.6);

  const pay = doc.payment;
  if (pay) {
    pdf.font('Helvetica-Bold').fontSize(10).text(l.payment, left);
    pdf.font('Helvetica').fontSize(10);
    if (pay.means === 'card') pdf.text(`${l.paid_by_card}${pay.card_network ? ` (${pay.card_network}` : ''}${pay.card_last4 ? ` **** ${pay.card_last4}` : ''}${pay.card_network ? ')' : ''}`);
    if (pay.iban) pdf.text(`${l.iban}: ${pay.iban.replace(/(.{4})(?=.)/g, '$1 ')}${pay.bic ? ` (BIC ${pay.bic})` : ''}`);
    if (pay.payment_id) pdf.text(`${l.structured_communication}: ${/^\d{12}$/.test(pay.payment_id) ? formatStructuredCommunication(pay.payment_id) : pay.payment_id}`);
    if (doc.due_date) pdf.text(`${l.due_date}: ${dateText(doc.due_date, lang)}`);
    pdf.moveDown(0.6);
  }
  for (const note of doc.notes ?? []) pdf.font('Helvetica').fontSize(9).text(note, left, pdf.y, { width });
  pdf.end();
  return done;
}
