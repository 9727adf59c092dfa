import {
  addDays,
  eInvoiceTotals,
  netForGross,
  driverEarnings,
  type EInvoiceDoc,
  type EInvoiceLine,
  type EInvoiceParty,
  INSURANCE,
  type InsuranceChoice,
  INVOICE_PAYMENT_DAYS,
  type Locale,
  partyFromText,
  structuredCommunication,
  communicationBase,
  vatNumberCountry,
  saleVat,
  vatTreatment,
  type VatTreatment,
  PAYMENT_METHOD,
  type PaymentMethodName,
} from '@vm/domain';

// The documents of one shipment (issue 22 part 5, decision 0033), as pure functions of the facts
// the repository reads: the platform's invoice to the sender (and its credit notes), and the
// driver's self-billed invoice to the platform. Numbers and dates are given; nothing here reads
// the clock or the database.

/** The platform as seller and as self-billing buyer (config.platform). */
export type PlatformIdentity = { name: string; enterpriseNumber: string; address: string; iban: string; bic: string | null; email: string };

export function platformParty(p: PlatformIdentity): EInvoiceParty {
  return { ...partyFromText({ name: p.name, address: p.address, country: 'BE', vat: `BE${p.enterpriseNumber}`, email: p.email }), endpoint: { scheme: '0208', id: p.enterpriseNumber } };
}

export type Numbered = { number: string; year: number; sequence: number; issueDate: string };

export type Route = { reference: string; pickupCity: string; pickupCountry: string; deliveryCity: string; deliveryCountry: string; pickupDate: string };

export type SaleFacts = Route & {
  locale: Locale;
  method: PaymentMethodName;
  amountCents: number;
  cardLast4: string | null;
  priceCents: number;
  insurance: InsuranceChoice;
  person: { name: string; address: string; country: string; email: string };
  company: { name: string; vat: string; address: string; email: string } | null;
};

export type PurchaseFacts = Route & {
  locale: Locale;
  priceCents: number;
  commissionPercent: number;
  driver: { name: string; address: string; country: string; email: string; kind: 'person' | 'company'; companyName: string; companyNumber: string; vat: string; vatExempt: boolean; iban: string };
};

const TEXT = {
  transport: { nl: 'Goederenvervoer', fr: 'Transport de marchandises', en: 'Transport of goods' },
  job: { nl: 'opdracht', fr: 'mission', en: 'job' },
  pickup: { nl: 'ophaling', fr: 'enlèvement le', en: 'pickup' },
  insurance: { nl: 'Verzekering', fr: 'Assurance', en: 'Insurance' },
  cover: { nl: 'dekking tot', fr: 'couverture jusqu’à', en: 'cover up to' },
  prepaid: { nl: 'Betaald bij aanvaarding van het bod', fr: 'Payé à l’acceptation de l’offre', en: 'Paid when the offer was accepted' },
  transfer: {
    nl: 'Te betalen binnen 30 dagen met de gestructureerde mededeling',
    fr: 'À payer dans les 30 jours avec la communication structurée',
    en: 'To be paid within 30 days with the structured communication',
  },
  self_billing: {
    nl: 'Zelffacturatie: factuur opgemaakt door de afnemer in naam en voor rekening van de dienstverrichter (art. 53 §2 WBTW), volgens de overeenkomst aanvaard bij de inschrijving',
    fr: 'Autofacturation : facture établie par le client au nom et pour le compte du prestataire (art. 53 §2 CTVA), selon l’accord accepté à l’inscription',
    en: 'Self-billing: invoice drawn up by the customer in the name and on behalf of the supplier (art. 53 §2 Belgian VAT Code), under the agreement accepted when joining',
  },
  payout: { nl: 'Uitbetaald met de wekelijkse uitbetaling', fr: 'Versé avec le paiement hebdomadaire', en: 'Paid with the weekly payout' },
  refund_sender: { nl: 'Terugbetaling na annulering door de verzender', fr: 'Remboursement après annulation par l’expéditeur', en: 'Refund after cancellation by the sender' },
  refund_driver: { nl: 'Terugbetaling: de chauffeur gaf de opdracht terug', fr: 'Remboursement : le chauffeur a rendu la mission', en: 'Refund: the driver gave the job back' },
  refund_staff: { nl: 'Terugbetaling', fr: 'Remboursement', en: 'Refund' },
  refunded: { nl: 'Terugbetaald op de gebruikte betaalwijze', fr: 'Remboursé sur le moyen de paiement utilisé', en: 'Refunded to the means of payment used' },
} as const satisfies Record<string, Record<Locale, string>>;

const routeText = (r: Route, lang: Locale) => `${TEXT.transport[lang]} ${r.pickupCity} → ${r.deliveryCity} (${TEXT.job[lang]} ${r.reference}, ${TEXT.pickup[lang]} ${r.pickupDate})`;

/** The sender as buyer: their company when it has a VAT number (a business), else the person (a private customer). */
function senderParty(f: SaleFacts): { party: EInvoiceParty; kind: 'business' | 'private'; country: string } {
  if (f.company?.vat.trim()) {
    const vat = f.company.vat.trim().toUpperCase();
    const country = vatNumberCountry(vat);
    return { party: partyFromText({ name: f.company.name, address: f.company.address, country, vat, email: f.company.email || f.person.email }), kind: 'business', country };
  }
  const country = (f.person.country || 'BE').toUpperCase();
  // A private person has no Peppol address: the PDF only.
  return { party: { ...partyFromText({ name: f.person.name, address: f.person.address, country, email: f.person.email }), endpoint: undefined }, kind: 'private', country };
}

/** Which VAT the sale carries (the same rule the price shown and charged used: domain saleVat). */
export const saleTreatment = (f: SaleFacts): VatTreatment =>
  saleVat({ company_vat: f.company?.vat ?? null, country: f.person.country, pickup_country: f.pickupCountry, delivery_country: f.deliveryCountry }, f.locale);

/** The platform's invoice (380) for a paid shipment: the transport and the insurance premium, paid at acceptance or due by transfer. */
export function saleInvoice(f: SaleFacts, platform: PlatformIdentity, n: Numbered): EInvoiceDoc {
  const t = saleTreatment(f);
  const vat = { category: t.category, percent: t.percent };
  const lines: EInvoiceLine[] = [{ description: routeText(f, f.locale), quantity: 1, unit_price_cents: f.priceCents, vat }];
  const premium = INSURANCE[f.insurance].premiumCents;
  if (premium > 0) {
    const cover = INSURANCE[f.insurance].coverCents / 100;
    lines.push({ description: `${TEXT.insurance[f.locale]} (${TEXT.cover[f.locale]} € ${cover})`, quantity: 1, unit_price_cents: premium, vat });
  }
  const byTransfer = PAYMENT_METHOD[f.method].invoiceMeans === 'sepa_credit_transfer';
  const doc: EInvoiceDoc = {
    kind: 'invoice',
    number: n.number,
    issue_date: n.issueDate,
    buyer_reference: f.reference,
    order_reference: f.reference,
    seller: platformParty(platform),
    buyer: senderParty(f).party,
    lines,
    exemptions: t.exemption ? { [t.category]: t.exemption } : undefined,
  };
  if (byTransfer) {
    const communication = structuredCommunication(communicationBase(n.year, n.sequence));
    doc.due_date = addDays(n.issueDate, INVOICE_PAYMENT_DAYS);
    doc.payment = { means: 'sepa_credit_transfer', iban: platform.iban, bic: platform.bic ?? undefined, payment_id: communication.replace(/\D/g, '') };
    doc.notes = [`${TEXT.transfer[f.locale]} ${communication}`];
  } else {
    doc.payment = { means: 'card', card_last4: f.cardLast4 ?? undefined, card_network: PAYMENT_METHOD[f.method].network ?? undefined };
    doc.prepaid_cents = f.amountCents;
    doc.notes = [TEXT.prepaid[f.locale]];
  }
  return doc;
}

/** The driver as seller on their self-billed invoice: their company or their own name, with their enterprise number and VAT. */
function driverParty(d: PurchaseFacts['driver']): EInvoiceParty {
  const name = d.kind === 'company' && d.companyName.trim() ? d.companyName : d.name;
  const kbo = d.companyNumber.replace(/\D/g, '');
  const belgian = /^[01]\d{9}$/.test(kbo);
  // Under the small-business exemption a Belgian business keeps its VAT number (BE + the enterprise
  // number); an exempt line needs the seller's VAT identifier (BR-E-02).
  const vat = d.vat.trim() ? d.vat.trim().toUpperCase() : belgian ? `BE${kbo}` : undefined;
  const party = partyFromText({ name, address: d.address, country: d.country || 'BE', vat, email: d.email });
  // The enterprise number is a Belgian business's Peppol address and legal registration.
  return belgian ? { ...party, enterprise_number: kbo, endpoint: { scheme: '0208', id: kbo } } : party;
}

/**
 * The driver's invoice to the platform (389, self-billed) for a released job: the price minus the
 * commission (the commission is the difference between what the platform sells and buys), with the
 * driver's VAT or the small-business exemption, paid to the driver's IBAN with the weekly payout.
 */
export function purchaseInvoice(f: PurchaseFacts, platform: PlatformIdentity, n: Numbered, payoutDate: string): EInvoiceDoc {
  const t = vatTreatment({ invoice: 'driver_to_platform', driver: { vat_status: f.driver.vatExempt ? 'small_business_exempt' : 'registered' }, lang: f.locale });
  const e = driverEarnings(f.priceCents, f.commissionPercent, f.driver.vatExempt);
  return {
    kind: 'self_billed_invoice',
    number: n.number,
    issue_date: n.issueDate,
    due_date: payoutDate,
    buyer_reference: f.reference,
    order_reference: f.reference,
    seller: driverParty(f.driver),
    buyer: platformParty(platform),
    lines: [{ description: routeText(f, f.locale), quantity: 1, unit_price_cents: e.net, vat: { category: t.category, percent: t.percent } }],
    exemptions: t.exemption ? { [t.category]: t.exemption } : undefined,
    payment: { means: 'sepa_credit_transfer', iban: f.driver.iban },
    notes: [TEXT.self_billing[f.locale], TEXT.payout[f.locale]],
  };
}

/**
 * The platform's credit note (381) for a refund, correcting the sale invoice: the invoice's lines
 * when all of it is refunded, else one line whose net and VAT make exactly the refunded amount (the
 * refund was rounded to such an amount, creditableGross). Already refunded: nothing is payable.
 */
export function creditNote(sale: EInvoiceDoc, amountCents: number, reason: 'sender_cancelled' | 'driver_cancelled' | 'staff', lang: Locale, n: Numbered): EInvoiceDoc {
  const total = eInvoiceTotals(sale).tax_inclusive_cents;
  const why = TEXT[reason === 'sender_cancelled' ? 'refund_sender' : reason === 'driver_cancelled' ? 'refund_driver' : 'refund_staff'][lang];
  const vat = sale.lines[0]!.vat;
  const net = amountCents === total ? null : netForGross(amountCents, vat.category === 'S' ? vat.percent : 0);
  if (amountCents !== total && net === null) throw new Error(`no net amount makes ${amountCents} cents at ${vat.percent} %`);
  return {
    kind: 'credit_note',
    number: n.number,
    issue_date: n.issueDate,
    buyer_reference: sale.buyer_reference,
    order_reference: sale.order_reference,
    preceding_invoice: { number: sale.number, issue_date: sale.issue_date },
    seller: sale.seller,
    buyer: sale.buyer,
    lines: net === null ? sale.lines : [{ description: `${why} (${sale.buyer_reference})`, quantity: 1, unit_price_cents: net, vat }],
    exemptions: sale.exemptions,
    payment: sale.payment?.means === 'card' ? sale.payment : undefined,
    prepaid_cents: amountCents,
    notes: [why, TEXT.refunded[lang]],
  };
}

/**
 * The user's own party on a document they are the subject of: the buyer of the platform's invoices
 * and credit notes, the seller (the driver) of their self-billed ones.
 */
export const userSide = (kind: EInvoiceDoc['kind']): 'buyer' | 'seller' => (kind === 'invoice' || kind === 'credit_note' ? 'buyer' : 'seller');

/**
 * The document without the e-mail of the user's party, for an account that was deleted (decision
 * 0035). An e-mail is no mention an invoice must carry (VAT code), so the legal record keeps its
 * numbers, amounts, VAT, name and address, and loses only the address a deleted person no longer has.
 */
export function withoutUserEmail(doc: EInvoiceDoc): EInvoiceDoc {
  const side = userSide(doc.kind);
  const { email: _email, ...party } = doc[side];
  return { ...doc, [side]: party };
}

const UBL_PARTY: Record<'buyer' | 'seller', string> = { buyer: 'cac:AccountingCustomerParty', seller: 'cac:AccountingSupplierParty' };

/**
 * The UBL without the contact e-mail (BT-43 / BT-58, optional in EN 16931 and Peppol BIS) of the
 * user's party. Only the contact written last in that party is taken out: the platform's own
 * contact on the other side stays, and so does every other byte.
 */
export function ublWithoutUserEmail(ubl: string, kind: EInvoiceDoc['kind']): string {
  const end = `</cac:Party></${UBL_PARTY[userSide(kind)]}>`;
  return ubl.replace(new RegExp(`<cac:Contact><cbc:ElectronicMail>[^<]*</cbc:ElectronicMail></cac:Contact>(?=${end})`), '');
}
