import { z } from 'zod';
import { parseAddressText } from './address.ts';
import { type EInvoiceParty, type ElectronicAddress, vatTreatment, VatTreatmentError, type VatTreatment } from './e-invoice.ts';
import type { Locale } from './messages.ts';

// Invoices of record (issue 22 part 5, decision 0033): what the sender's Invoices page and the
// driver's list read, the gap-free numbers, and the parties as the documents name them. The
// documents themselves are modelled in e-invoice.ts.

/** A series is numbered without gaps per calendar year (Brussels time): its prefix starts each number. */
export const INVOICE_SERIES = {
  /** The platform's invoices to senders (380). */
  sales: 'VM',
  /** The platform's credit notes to senders (381). */
  sales_credit: 'VMC',
  /** Drivers' invoices to the platform, written by the platform under the self-billing agreement (389). */
  self_billed: 'SB',
  /** Their credit notes (261). */
  self_billed_credit: 'SBC',
} as const;
export type InvoiceSeries = keyof typeof INVOICE_SERIES;

/** "VM-2026-000042": the series' prefix, the year, and the sequence in that year. */
export const invoiceNumber = (series: InvoiceSeries, year: number, sequence: number) => `${INVOICE_SERIES[series]}-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The ten digits a sales invoice's structured communication is built from: the year's last two
 * digits, a 1 for the sales series, then the sequence in seven digits (ten million invoices a year).
 */
export const communicationBase = (year: number, sequence: number) => `${String(year % 100).padStart(2, '0')}1${String(sequence).padStart(7, '0')}`;

/** An invoice for invoice payment is due this many days after it is issued (SPEC section 2: approved companies pay by invoice). */
export const INVOICE_PAYMENT_DAYS = 30;
/** A reminder goes out once the due date has passed, then again after this many days while unpaid. */
export const REMINDER_INTERVAL_DAYS = 14;

export const INVOICE_DOCUMENT_STATUSES = ['paid', 'open', 'credited'] as const;
export type InvoiceDocumentStatus = (typeof INVOICE_DOCUMENT_STATUSES)[number];

/** One invoice or credit note as its recipient lists it. Money in euros with 2 decimals; times in Unix seconds. */
export const invoiceReadSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note']),
  shipment_id: z.number().int().nullable(),
  /** The shipment's reference, also the documents' buyer reference. */
  reference: z.string(),
  issued_at: z.number().int(),
  /** Only an invoice paid by transfer has one. */
  due_at: z.number().int().nullable(),
  /** Without VAT, the VAT, and with VAT. */
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  /** What is still to be paid by transfer (0 when paid by card at acceptance). */
  payable: z.number(),
  /** paid: nothing left to pay (a card payment is paid at once); open: waiting for the transfer; credited: a credit note cancels it. */
  status: z.enum(INVOICE_DOCUMENT_STATUSES),
  paid_at: z.number().int().nullable(),
  /** "+++123/4567/89002+++" for a transfer, else null. */
  payment_communication: z.string().nullable(),
  /** The invoice a credit note corrects. */
  corrects: z.string().nullable(),
  pdf_url: z.string(),
  /** Only documents to a business with a Peppol address have a UBL file. */
  ubl_url: z.string().nullable(),
});
export type InvoiceRead = z.infer<typeof invoiceReadSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceReadSchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/**
 * Peppol EAS schemes for VAT numbers by prefix (the EAS code list; a Belgian party is addressed by
 * its enterprise number under 0208 instead, as the Belgian Peppol directory registers it).
 */
const VAT_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9914', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', EL: '9933', ES: '9920', FR: '9957', HR: '9934', HU: '9910',
  IE: '9935', IT: '0211', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947', SI: '9949', SK: '9950',
};

/** A Belgian VAT number's ten digits are the enterprise number. */
export const enterpriseNumberOf = (vat: string) => (/^BE[01]\d{9}$/.test(vat) ? vat.slice(2) : undefined);

/** The Peppol address of a business with this VAT number; undefined when none is known for its country. */
export function peppolAddressOf(vat: string): ElectronicAddress | undefined {
  const kbo = enterpriseNumberOf(vat);
  if (kbo) return { scheme: '0208', id: kbo };
  const scheme = VAT_SCHEMES[vat.slice(0, 2)];
  return scheme ? { scheme, id: vat } : undefined;
}

/** The country a VAT number belongs to, as an ISO code (Greece's prefix is EL). */
export const vatNumberCountry = (vat: string) => (vat.startsWith('EL') ? 'GR' : vat.slice(0, 2));

/** What the sale's VAT depends on: the sender's company VAT number (a business) or none (a private person), where they live, and the route. */
export type SaleVatFacts = { company_vat: string | null; country: string; pickup_country: string; delivery_country: string };

/**
 * The VAT of the platform's sale to this sender for this route (decision 0030): a business is
 * whoever gave a VAT number (established in its country), anyone else a private person. A route
 * the rules do not cover (a private customer's transport leaving the EU) keeps Belgium's 21 %. The
 * price shown, charged and invoiced all use it, so they agree.
 */
export function saleVat(f: SaleVatFacts, lang: Locale = 'nl'): VatTreatment {
  const vat = f.company_vat?.trim() ? f.company_vat.trim().toUpperCase() : undefined;
  const customer = vat ? { kind: 'business' as const, country: vatNumberCountry(vat), vat_number: vat } : { kind: 'private' as const, country: (f.country || 'BE').toUpperCase() };
  try {
    return vatTreatment({ invoice: 'platform_to_sender', customer, departure_country: f.pickup_country || 'BE', arrival_country: f.delivery_country || 'BE', lang });
  } catch (err) {
    if (!(err instanceof VatTreatmentError)) throw err;
    return { category: 'S', percent: 21, place_of_supply: 'BE', rule: 'b2c_domestic_transport' };
  }
}

/** The VAT percent of a sale (0 for reverse charge or out of scope): what the cost table and the charge use. */
export const saleVatPercent = (f: SaleVatFacts) => {
  const t = saleVat(f);
  return t.category === 'S' ? t.percent : 0;
};

/**
 * A party from a one-line address as people type it ("Kerkstraat 12 bus 3, 3500 Hasselt"). The
 * street and number become the address line; the country is given (the user's or the VAT number's).
 */
export function partyFromText(p: { name: string; address: string; country: string; vat?: string; email?: string }): EInvoiceParty {
  const a = parseAddressText(p.address);
  const street = [a.street, a.number, a.box ? `bus ${a.box}` : ''].filter(Boolean).join(' ');
  const vat = p.vat?.trim() ? p.vat.trim().toUpperCase() : undefined;
  return {
    name: p.name,
    vat_number: vat,
    enterprise_number: vat ? enterpriseNumberOf(vat) : undefined,
    address: { lines: street ? [street] : [], city: a.city, postcode: a.zip, country: p.country.toUpperCase() },
    endpoint: vat ? peppolAddressOf(vat) : undefined,
    email: p.email || undefined,
  };
}

/** POST /api/ops/bank-statements: what an imported CAMT.053 statement did. Amounts in euros. */
export const bankImportSchema = z.object({
  statements: z.number().int(),
  credits: z.number().int(),
  /** Credits matched to an invoice by its structured communication. */
  matched: z.array(z.object({ invoice: z.string(), amount: z.number(), booking_date: z.string(), outcome: z.enum(['paid', 'partial', 'overpaid']) })),
  /** Credits imported before (the same statement again): nothing changed. */
  already_imported: z.number().int(),
  /** Credits staff must place by hand. */
  unmatched: z.array(
    z.object({
      amount: z.number(),
      currency: z.string(),
      booking_date: z.string(),
      debtor_name: z.string().nullable(),
      communication: z.string().nullable(),
      remittance: z.string().nullable(),
      reason: z.enum(['no_communication', 'unknown_communication', 'already_paid', 'currency']),
    }),
  ),
});
export type BankImport = z.infer<typeof bankImportSchema>;
