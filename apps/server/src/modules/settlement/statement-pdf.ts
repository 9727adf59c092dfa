import type { Locale } from '@vm/domain';
import { type Column, dateText, money, openPdf, tableRow } from '../../lib/pdf/pdf-writer.ts';

// Issue 22: a driver's weekly statement as an A4 PDF in their language. The platform issues it;
// it lists each job released to the driver in the payout week (Monday to Sunday, Belgian time)
// with the figures of their earnings (price, commission, net, VAT, what they are paid), the totals,
// the payout each job went out in, and the money still held for them. The same house style as
// the invoices (lib/pdf).

export type StatementPayout = { date: string; status: 'pending' | 'paid' | 'failed'; reference: string | null };
export type StatementJob = {
  reference: string;
  /** 'YYYY-MM-DD', Belgian calendar; null when the delivery is not on record. */
  deliveredOn: string | null;
  route: string;
  /** Cents. */
  price: number;
  commissionPercent: number;
  commission: number;
  net: number;
  vatPercent: number;
  vat: number;
  payable: number;
  payout: StatementPayout | null;
};
export type StatementDoc = {
  issuer: string;
  /** Monday and Sunday, 'YYYY-MM-DD'. */
  week: string;
  weekEnd: string;
  issuedOn: string;
  driver: { name: string; company: string | null; vat: string | null; ibanLast4: string | null };
  jobs: StatementJob[];
  /** The date of the next payout, for released jobs not paid out yet. */
  nextPayout: string;
  stillHeld: { reference: string; route: string; payable: number; status: 'held' | 'on_hold' }[];
};

type Labels = Record<
  | 'title'
  | 'week'
  | 'issued'
  | 'issuer'
  | 'driver'
  | 'vat_number'
  | 'iban'
  | 'jobs'
  | 'reference'
  | 'delivered'
  | 'route'
  | 'price'
  | 'commission'
  | 'net'
  | 'vat'
  | 'payable'
  | 'totals'
  | 'payout'
  | 'no_payout'
  | 'provider_reference'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'still_held'
  | 'held'
  | 'on_hold'
  | 'nothing_held',
  string
>;

const LABELS: Record<Locale, Labels> = {
  nl: {
    title: 'Weekoverzicht',
    week: 'Week van',
    issued: 'Opgemaakt op',
    issuer: 'Uitgever',
    driver: 'Chauffeur',
    vat_number: 'Btw-nummer',
    iban: 'Rekening',
    jobs: 'Vrijgegeven ritten',
    reference: 'Referentie',
    delivered: 'Geleverd',
    route: 'Traject',
    price: 'Prijs',
    commission: 'Commissie',
    net: 'Netto',
    vat: 'Btw',
    payable: 'Uitbetaald',
    totals: 'Totaal',
    payout: 'Uitbetaling',
    no_payout: 'met de volgende uitbetaling op',
    provider_reference: 'referentie',
    pending: 'onderweg',
    paid: 'betaald',
    failed: 'mislukt',
    still_held: 'Nog vastgehouden',
    held: 'vastgehouden tot de levering bevestigd is',
    on_hold: 'geblokkeerd: de verzender meldde een probleem',
    nothing_held: 'Niets: al uw geld is vrijgegeven.',
  },
  fr: {
    title: 'Relevé hebdomadaire',
    week: 'Semaine du',
    issued: 'Établi le',
    issuer: 'Émetteur',
    driver: 'Chauffeur',
    vat_number: 'Numéro de TVA',
    iban: 'Compte',
    jobs: 'Courses libérées',
    reference: 'Référence',
    delivered: 'Livré',
    route: 'Trajet',
    price: 'Prix',
    commission: 'Commission',
    net: 'Net',
    vat: 'TVA',
    payable: 'Versé',
    totals: 'Total',
    payout: 'Versement',
    no_payout: 'avec le prochain versement le',
    provider_reference: 'référence',
    pending: 'en cours',
    paid: 'payé',
    failed: 'échoué',
    still_held: 'Encore retenu',
    held: 'retenu jusqu’à la confirmation de la livraison',
    on_hold: 'bloqué : l’expéditeur a signalé un problème',
    nothing_held: 'Rien : tout votre argent a été libéré.',
  },
  en: {
    title: 'Weekly statement',
    week: 'Week of',
    issued: 'Issued on',
    issuer: 'Issuer',
    driver: 'Driver',
    vat_number: 'VAT number',
    iban: 'Account',
    jobs: 'Released jobs',
    reference: 'Reference',
    delivered: 'Delivered',
    route: 'Route',
    price: 'Price',
    commission: 'Commission',
    net: 'Net',
    vat: 'VAT',
    payable: 'Paid to you',
    totals: 'Total',
    payout: 'Payout',
    no_payout: 'with the next payout on',
    provider_reference: 'reference',
    pending: 'on its way',
    paid: 'paid',
    failed: 'failed',
    still_held: 'Still held',
    held: 'held until delivery is confirmed',
    on_hold: 'on hold: the sender reported a problem',
    nothing_held: 'Nothing: all your money has been released.',
  },
};

const percentText = (p: number, lang: Locale) => `${String(Number(p.toFixed(2))).replace('.', lang === 'en' ? '.' : ',')} %`;

export function statementTitle(doc: Pick<StatementDoc, 'week'>, lang: Locale): string {
  return `${LABELS[lang].title} ${dateText(doc.week, lang)}`;
}

export function statementPdf(doc: StatementDoc, lang: Locale): Promise<Buffer> {
  const l = LABELS[lang];
  const { pdf, done, left, width } = openPdf(statementTitle(doc, lang));

  pdf.font('Helvetica-Bold').fontSize(18).text(l.title);
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`${l.week} ${dateText(doc.week, lang)} - ${dateText(doc.weekEnd, lang)}`);
  pdf.text(`${l.issued} ${dateText(doc.issuedOn, lang)}`);
  pdf.moveDown(0.8);

  const top = pdf.y;
  const half = width / 2 - 8;
  pdf.font('Helvetica-Bold').fontSize(9).text(l.issuer, left, top, { width: half });
  pdf.font('Helvetica').fontSize(10).text(doc.issuer, { width: half });
  const afterIssuer = pdf.y;
  const d = doc.driver;
  const driverText = [d.name, d.company ?? '', d.vat ? `${l.vat_number}: ${d.vat}` : '', d.ibanLast4 ? `${l.iban}: **** ${d.ibanLast4}` : ''].filter((s) => s !== '').join('\n');
  pdf.font('Helvetica-Bold').fontSize(9).text(l.driver, left + half + 16, top, { width: half });
  pdf.font('Helvetica').fontSize(10).text(driverText, { width: half });
  pdf.x = left;
  pdf.y = Math.max(afterIssuer, pdf.y) + 16;

  pdf.font('Helvetica-Bold').fontSize(12).text(l.jobs, left);
  pdf.moveDown(0.3);
  const share = [0.16, 0.11, 0.19, 0.1, 0.12, 0.1, 0.1, 0.12];
  const cols: Column[] = share.map((s, i) => ({ w: width * s, align: i < 3 ? 'left' : 'right' }));
  const row = (cells: string[], bold = false) => tableRow(pdf, left, cols, cells, bold);
  row([l.reference, l.delivered, l.route, l.price, l.commission, l.net, l.vat, l.payable], true);
  const sum = { price: 0, commission: 0, net: 0, vat: 0, payable: 0 };
  for (const j of doc.jobs) {
    for (const k of ['price', 'commission', 'net', 'vat', 'payable'] as const) sum[k] += j[k];
    row([
      j.reference,
      j.deliveredOn ? dateText(j.deliveredOn, lang) : '',
      j.route,
      money(j.price, lang),
      `${money(j.commission, lang)}\n(${percentText(j.commissionPercent, lang)})`,
      money(j.net, lang),
      `${money(j.vat, lang)}\n(${percentText(j.vatPercent, lang)})`,
      money(j.payable, lang),
    ]);
    const p = j.payout;
    const payoutText = p
      ? `${l.payout}: ${dateText(p.date, lang)}, ${l[p.status]}${p.reference ? `, ${l.provider_reference} ${p.reference}` : ''}`
      : `${l.payout}: ${l.no_payout} ${dateText(doc.nextPayout, lang)}`;
    pdf.font('Helvetica').fontSize(8).text(payoutText, left + cols[0]!.w, pdf.y, { width: width - cols[0]!.w });
    pdf.x = left;
    pdf.moveDown(0.4);
  }
  row([l.totals, '', '', money(sum.price, lang), money(sum.commission, lang), money(sum.net, lang), money(sum.vat, lang), money(sum.payable, lang)], true);
  pdf.moveDown(0.8);

  pdf.font('Helvetica-Bold').fontSize(12).text(l.still_held, left);
  pdf.moveDown(0.3);
  if (doc.stillHeld.length === 0) pdf.font('Helvetica').fontSize(10).text(l.nothing_held, left);
  const heldCols: Column[] = [
    { w: width * 0.15, align: 'left' },
    { w: width * 0.3, align: 'left' },
    { w: width * 0.4, align: 'left' },
    { w: width * 0.15, align: 'right' },
  ];
  for (const h of doc.stillHeld) tableRow(pdf, left, heldCols, [h.reference, h.route, l[h.status], money(h.payable, lang)]);
  pdf.end();
  return done;
}
