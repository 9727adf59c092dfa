import { eInvoiceTotals, type EInvoiceDoc, formatStructuredCommunication, type InvoiceList, type InvoiceRead, invoiceNumber, type InvoiceSeries, type Locale, localParts, PAYMENT_METHOD, payoutWeek } from '@vm/domain';
import { type AccessPoint, type AccessPointDocumentType, AccessPointRejectedError, AccessPointUnavailableError, ReceiverNotOnPeppolError } from '../../adapters/access-point/access-point.ts';
import type { Db, Executor } from '../../db/database.ts';
import { coalescedRounds } from '../../lib/coalesced-rounds.ts';
import { notFound } from '../../lib/errors.ts';
import { toPdf } from '../../lib/e-invoice/pdf.ts';
import { toUbl, UblError } from '../../lib/e-invoice/ubl.ts';
import { creditNote, type Numbered, type PlatformIdentity, purchaseInvoice, type Route, saleInvoice, ublWithoutUserEmail, userSide, withoutUserEmail } from './invoice-documents.ts';
import * as repo from './invoices.repository.ts';

// Issue 22 part 5, invoices of record (decision 0033). A sweep (the scheduled job, and a nudge
// after each payment and release) writes each document once, by its source key: the platform's
// invoice for every succeeded payment, the driver's self-billed invoice for every released job.
// Writing never blocks the money: a payment or a release commits first; an invoice that cannot be
// written is logged and tried again. Every document keeps the model it was printed from (JSON),
// and the UBL when its receiver has a Peppol address; the PDF is printed from the kept model.

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = { db: Db; now: () => Date; log: Log; platform: PlatformIdentity; commissionPercent: number; accessPoint: AccessPoint };

/** Documents written per sweep round; a backlog takes several rounds. */
const BATCH = 100;
/** The Invoices page lists this many of the newest documents. */
const LIST_LIMIT = 500;
const ZONE = 'Europe/Brussels';

const euros = (cents: number) => cents / 100;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const dateSeconds = (ymd: string) => seconds(new Date(`${ymd}T12:00:00Z`));

/** Another process wrote the same document first; this transaction gives its number back. */
class AlreadyIssued extends Error {}

const PEPPOL_TYPE: Record<EInvoiceDoc['kind'], AccessPointDocumentType> = {
  invoice: 'invoice',
  credit_note: 'credit_note',
  self_billed_invoice: 'self_billing_invoice',
  self_billed_credit_note: 'self_billing_credit_note',
};

const SERIES_OF: Record<EInvoiceDoc['kind'], InvoiceSeries> = { invoice: 'sales', credit_note: 'sales_credit', self_billed_invoice: 'self_billed', self_billed_credit_note: 'self_billed_credit' };

const routeOf = (r: { reference: string; pickupCity: string; pickupCountry: string; deliveryCity: string; deliveryCountry: string; pickupDateFrom: Date; pickupTimezone: string }): Route => ({
  reference: r.reference,
  pickupCity: r.pickupCity,
  pickupCountry: r.pickupCountry || 'BE',
  deliveryCity: r.deliveryCity,
  deliveryCountry: r.deliveryCountry || 'BE',
  pickupDate: localParts(r.pickupDateFrom, r.pickupTimezone || ZONE).date,
});

export function invoicesService({ db, now, log, platform, commissionPercent, accessPoint }: Deps) {
  /**
   * Writes one document under the next number of its series, once per source key. The number is
   * taken first (which waits for any other writer of the series), then the key is checked: a
   * document another process wrote meanwhile rolls this one back, its number unused.
   */
  async function issue(p: { sourceKey: string; kind: EInvoiceDoc['kind']; userId: number; shipmentId: number | null; correctsId?: number; locale: Locale; paid: boolean; build: (n: Numbered) => EInvoiceDoc }): Promise<number | null> {
    const at = now();
    const issueDate = localParts(at, ZONE).date;
    const year = Number(issueDate.slice(0, 4));
    const series = SERIES_OF[p.kind];
    try {
      return await db.transaction().execute(async (trx) => {
        const sequence = await repo.nextSequence(trx, series, year);
        if (await repo.issued(trx, p.sourceKey)) throw new AlreadyIssued();
        const built = p.build({ number: invoiceNumber(series, year, sequence), year, sequence, issueDate });
        // A payment or refund of an account deleted before its document was written: no e-mail on it.
        const doc = (await repo.accountDeleted(trx, p.userId)) ? withoutUserEmail(built) : built;
        const totals = eInvoiceTotals(doc);
        let ubl: string | null = null;
        if (doc.buyer.endpoint && doc.seller.endpoint) {
          try {
            ubl = toUbl(doc);
          } catch (err) {
            // A document the rules refuse is a bug to see, not a reason to leave the customer without an invoice: the PDF stands.
            if (!(err instanceof UblError)) throw err;
            log.error({ err, sourceKey: p.sourceKey }, 'UBL refused; the document is kept as PDF only');
          }
        }
        return repo.insert(trx, {
          sourceKey: p.sourceKey,
          series,
          year,
          sequence,
          number: doc.number,
          kind: doc.kind,
          userId: p.userId,
          shipmentId: p.shipmentId,
          correctsId: p.correctsId ?? null,
          issueDate,
          dueDate: doc.due_date ?? null,
          paymentCommunication: doc.payment?.means === 'sepa_credit_transfer' && doc.kind === 'invoice' ? (doc.payment.payment_id ?? null) : null,
          netCents: totals.tax_exclusive_cents,
          vatCents: totals.tax_cents,
          totalCents: totals.tax_inclusive_cents,
          payableCents: totals.payable_cents,
          paidAt: p.paid || totals.payable_cents === 0 ? at : null,
          locale: p.locale,
          document: JSON.stringify(doc),
          ubl,
          peppolStatus: ubl ? 'pending' : 'none',
          createdAt: at,
        });
      });
    } catch (err) {
      if (err instanceof AlreadyIssued) return null;
      throw err;
    }
  }

  type IssueSpec = Parameters<typeof issue>[0];

  /** Writes one document per row, each once; a row that fails is logged and tried again by the next sweep. How many were written. */
  async function writeEach<T>(rows: T[], spec: (r: T) => IssueSpec): Promise<number> {
    let written = 0;
    for (const r of rows) {
      const s = spec(r);
      try {
        if ((await issue(s)) !== null) written++;
      } catch (err) {
        log.error({ err, sourceKey: s.sourceKey }, 'document not written; the next sweep tries again');
      }
    }
    return written;
  }

  /** The platform's invoice for each succeeded payment. */
  const billSales = async () =>
    writeEach(await repo.salesToBill(db, BATCH), (r) => ({
      sourceKey: `sale:payment:${r.paymentId}`,
      kind: 'invoice',
      userId: r.senderId,
      shipmentId: r.shipmentId,
      locale: r.locale,
      // Paid when the provider took the money; an invoice asks for a transfer.
      paid: PAYMENT_METHOD[r.method].money === 'provider',
      build: (n) =>
        saleInvoice(
          {
            ...routeOf(r),
            locale: r.locale,
            method: r.method,
            amountCents: r.amountCents,
            cardLast4: r.cardLast4,
            priceCents: r.priceCents,
            insurance: r.insurance,
            person: { name: `${r.firstName} ${r.lastName}`, address: r.addressFormatted, country: r.country, email: r.email },
            company: r.companyName !== null ? { name: r.companyName, vat: r.companyVat ?? '', address: r.companyAddress ?? '', email: r.companyEmail ?? '' } : null,
          },
          platform,
          n,
        ),
    }));

  /** The driver's self-billed invoice for each released job, paid with the next weekly payout. */
  const billPurchases = async () => {
    const payoutDate = localParts(payoutWeek(now()).nextPayoutDay, ZONE).date;
    return writeEach(await repo.purchasesToBill(db, BATCH), (r) => ({
      sourceKey: `purchase:shipment:${r.shipmentId}`,
      kind: 'self_billed_invoice',
      userId: r.driverId,
      shipmentId: r.shipmentId,
      locale: r.locale,
      paid: false,
      build: (n) =>
        purchaseInvoice(
          {
            ...routeOf(r),
            locale: r.locale,
            priceCents: r.priceCents,
            commissionPercent: r.commissionBp === null ? commissionPercent : r.commissionBp / 100,
            driver: {
              name: `${r.firstName} ${r.lastName}`,
              address: r.addressFormatted,
              country: r.country,
              email: r.email,
              kind: r.kind,
              companyName: r.companyName,
              companyNumber: r.companyNumber,
              vat: r.vat,
              vatExempt: r.vatExempt,
              iban: r.iban,
            },
          },
          platform,
          n,
          payoutDate,
        ),
    }));
  };

  /** A credit note for each refund made, correcting the invoice of the payment refunded. */
  const writeCredits = async () =>
    writeEach(await repo.creditsToWrite(db, BATCH), (r) => ({
      sourceKey: `credit:refund:${r.refundId}`,
      kind: 'credit_note',
      userId: r.userId,
      shipmentId: r.shipmentId,
      correctsId: r.invoiceId,
      locale: r.locale,
      paid: true,
      build: (n) => creditNote(JSON.parse(r.document) as EInvoiceDoc, r.amountCents, r.reason, r.locale, n),
    }));

  const toRead = (r: repo.InvoiceRow): InvoiceRead => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    shipment_id: r.shipmentId,
    reference: r.reference ?? '',
    issued_at: dateSeconds(r.issueDate),
    due_at: r.dueDate ? dateSeconds(r.dueDate) : null,
    net: euros(r.netCents),
    vat: euros(r.vatCents),
    total: euros(r.totalCents),
    payable: euros(r.payableCents),
    status: r.creditedCents > 0 && r.creditedCents >= r.totalCents ? 'credited' : r.paidAt || r.payableCents - r.creditedCents <= 0 ? 'paid' : 'open',
    paid_at: r.paidAt ? seconds(r.paidAt) : null,
    payment_communication: r.paymentCommunication ? formatStructuredCommunication(r.paymentCommunication) : null,
    corrects: r.correctsNumber,
    pdf_url: `/api/invoices/${r.id}/pdf`,
    ubl_url: r.hasUbl ? `/api/invoices/${r.id}/ubl` : null,
  });

  /** The user's own document (another user's does not exist for them). */
  async function own(userId: number, id: number) {
    const row = await repo.find(db, id);
    if (!row || row.userId !== userId) throw notFound();
    const kept = (await repo.documentOf(db, id))!;
    return { row, kept };
  }

  async function issueDue(): Promise<{ sales: number; purchases: number; credits: number }> {
    let sales = 0;
    let purchases = 0;
    let credits = 0;
    for (;;) {
      const s = await billSales();
      const p = await billPurchases();
      const c = await writeCredits();
      sales += s;
      purchases += p;
      credits += c;
      if (s < BATCH && p < BATCH && c < BATCH) break;
    }
    if (sales + purchases + credits > 0) log.info({ sales, purchases, credits }, 'invoices written');
    return { sales, purchases, credits };
  }
  /**
   * Hands the written UBL documents to the Peppol network, each once (its number is the access
   * point's idempotency key). The platform sends both kinds: its own invoices to senders, and
   * drivers' self-billed invoices to the drivers (under self-billing the customer issues them). A
   * receiver not on Peppol keeps the PDF; an access point that is down leaves the document for the
   * next run; a refusal is logged for staff.
   */
  async function sendPending(): Promise<{ sent: number; left: number }> {
    let sent = 0;
    const pending = await repo.peppolPending(db, BATCH);
    for (const p of pending) {
      const doc = JSON.parse(p.document) as EInvoiceDoc;
      const self = p.kind === 'self_billed_invoice' || p.kind === 'self_billed_credit_note';
      const [from, to] = self ? [doc.buyer.endpoint, doc.seller.endpoint] : [doc.seller.endpoint, doc.buyer.endpoint];
      if (!p.ubl || !from || !to) {
        await repo.setPeppol(db, p.id, 'none', null);
        continue;
      }
      try {
        const r = await accessPoint.send({ documentId: p.number, ubl: p.ubl, sender: from, receiver: to, documentType: PEPPOL_TYPE[p.kind] });
        await repo.setPeppol(db, p.id, r.status === 'failed' ? 'failed' : 'sent', r.id);
        if (r.status === 'failed') log.error({ number: p.number, reason: r.reason }, 'Peppol delivery failed');
        else sent++;
      } catch (err) {
        if (err instanceof ReceiverNotOnPeppolError) await repo.setPeppol(db, p.id, 'none', null);
        else if (err instanceof AccessPointRejectedError) {
          await repo.setPeppol(db, p.id, 'failed', null);
          log.error({ err, number: p.number }, 'the access point refused the document');
        } else if (err instanceof AccessPointUnavailableError) {
          log.warn({ err, number: p.number }, 'access point unavailable; the next run sends it');
          break;
        } else throw err;
      }
    }
    return { sent, left: pending.length - sent };
  }

  const rounds = coalescedRounds(
    async () => {
      await issueDue();
      await sendPending();
    },
    log,
    'invoices',
  );

  return {
    /** Writes every document that is due (the scheduled job; tests). */
    issueDue,
    /** Sends the written UBL over Peppol (the scheduled job; tests). */
    sendPending,
    /** After a payment or a release: the documents are written now rather than at the next run of the job. */
    nudge: (): void => void rounds.run(),
    /** Resolves when the writing in progress has ended (on close; tests). */
    settled: rounds.settled,

    /** GET /api/invoices: the user's invoices and credit notes, newest first. */
    async list(userId: number): Promise<InvoiceList> {
      return { invoices: (await repo.listFor(db, userId, LIST_LIMIT)).map(toRead) };
    },

    /**
     * At an account's deletion, in its transaction: the user's e-mail out of every document they
     * are the subject of, in the kept model and in the UBL (decision 0035). How many were rewritten.
     */
    async forgetEmail(userId: number, trx: Executor): Promise<number> {
      let rewritten = 0;
      for (const kept of await repo.documentsOfUser(trx, userId)) {
        const doc = JSON.parse(kept.document) as EInvoiceDoc;
        if (doc[userSide(kept.kind)].email === undefined) continue;
        await repo.setDocument(trx, kept.id, JSON.stringify(withoutUserEmail(doc)), kept.ubl === null ? null : ublWithoutUserEmail(kept.ubl, kept.kind));
        rewritten++;
      }
      return rewritten;
    },

    /** The PDF, printed in the language the document was written in. */
    async pdf(userId: number, id: number): Promise<{ number: string; pdf: Buffer }> {
      const { row, kept } = await own(userId, id);
      return { number: row.number, pdf: await toPdf(JSON.parse(kept.document) as EInvoiceDoc, row.locale as Locale) };
    },

    /** The Peppol UBL as it was written (404 for a document to a private person: they have none). */
    async ubl(userId: number, id: number): Promise<{ number: string; xml: string }> {
      const { row, kept } = await own(userId, id);
      if (!kept.ubl) throw notFound();
      return { number: row.number, xml: kept.ubl };
    },
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
