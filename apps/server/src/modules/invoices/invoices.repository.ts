import { type Insertable, sql } from 'kysely';
import { DELETED_USER_NAME, deletedEmailPattern, type InsuranceChoice, type Locale, type PaymentMethodName } from '@vm/domain';
import type { Executor } from '../../db/database.ts';
import type { BankCreditsTable, InvoicesTable, InvoiceSeriesName } from '../../db/schema.ts';

// Issue 22 part 5, invoices of record (decision 0033): all SQL of the module. It reads the
// payments, shipments, offers, users, companies, driver profiles and the ledger to know what to
// bill (read only: those modules own their writes) and writes only the invoices' tables.

/**
 * The next number of a series in a year. The counter row stays locked until the transaction ends,
 * so numbers are handed out one at a time, and a transaction that rolls back gives its number
 * back: the series has no gaps.
 */
export async function nextSequence(trx: Executor, series: InvoiceSeriesName, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoiceCounters')
    .values({ series, year, lastNumber: 1 })
    .onConflict((oc) => oc.columns(['series', 'year']).doUpdateSet({ lastNumber: sql`invoice_counters.last_number + 1` }))
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  return row.lastNumber;
}

export async function issued(db: Executor, sourceKey: string): Promise<boolean> {
  return (await db.selectFrom('invoices').select('id').where('sourceKey', '=', sourceKey).executeTakeFirst()) !== undefined;
}

export type NewInvoice = Insertable<InvoicesTable>;

export async function insert(trx: Executor, row: NewInvoice): Promise<number> {
  return (await trx.insertInto('invoices').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export type InvoiceRow = {
  id: number;
  number: string;
  kind: InvoicesTable['kind'];
  userId: number;
  shipmentId: number | null;
  reference: string | null;
  correctsNumber: string | null;
  /** What credit notes took back of it. */
  creditedCents: number;
  issueDate: string;
  dueDate: string | null;
  paymentCommunication: string | null;
  netCents: number;
  vatCents: number;
  totalCents: number;
  payableCents: number;
  paidAt: Date | null;
  locale: string;
  hasUbl: boolean;
};

function rows(db: Executor) {
  return db
    .selectFrom('invoices as i')
    .leftJoin('shipments as s', 's.id', 'i.shipmentId')
    .leftJoin('invoices as c', 'c.id', 'i.correctsId')
    .select([
      'i.id',
      'i.number',
      'i.kind',
      'i.userId',
      'i.shipmentId',
      's.referenceId as reference',
      'c.number as correctsNumber',
      sql<number>`coalesce((select sum(x.total_cents) from invoices x where x.corrects_id = i.id), 0)::int`.as('creditedCents'),
      'i.issueDate',
      'i.dueDate',
      'i.paymentCommunication',
      'i.netCents',
      'i.vatCents',
      'i.totalCents',
      'i.payableCents',
      'i.paidAt',
      'i.locale',
      sql<boolean>`i.ubl is not null`.as('hasUbl'),
    ]);
}

/** A user's documents, newest first. */
export async function listFor(db: Executor, userId: number, limit: number): Promise<InvoiceRow[]> {
  return rows(db).where('i.userId', '=', userId).orderBy('i.id', 'desc').limit(limit).execute();
}

export async function find(db: Executor, id: number): Promise<InvoiceRow | null> {
  return (await rows(db).where('i.id', '=', id).executeTakeFirst()) ?? null;
}

export async function documentOf(db: Executor, id: number): Promise<{ document: string; ubl: string | null } | null> {
  return (await db.selectFrom('invoices').select(['document', 'ubl']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * Whether the user's account was deleted (decision 0035: the marker name and a deleted-<id>-…
 * address). The row is share-locked until the transaction ends, so a document written now and a
 * deletion do not cross: either the deletion waits and then cleans this document, or it committed
 * first and this document is written without the e-mail.
 */
export async function accountDeleted(trx: Executor, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('firstName', '=', DELETED_USER_NAME)
    .where('email', 'like', deletedEmailPattern(userId))
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

export type KeptDocument = { id: number; kind: InvoicesTable['kind']; document: string; ubl: string | null };

/** Every document of a user, locked for rewriting. */
export async function documentsOfUser(trx: Executor, userId: number): Promise<KeptDocument[]> {
  return trx.selectFrom('invoices').select(['id', 'kind', 'document', 'ubl']).where('userId', '=', userId).orderBy('id').forUpdate().execute();
}

/** Rewrites a kept document and its UBL; numbers, amounts and every other column stay. */
export async function setDocument(trx: Executor, id: number, document: string, ubl: string | null): Promise<void> {
  await trx.updateTable('invoices').set({ document, ubl }).where('id', '=', id).execute();
}

/** What both kinds of invoice read of the job's route and of the person it is for. */
type RouteAndPerson = {
  reference: string;
  pickupCity: string;
  pickupCountry: string;
  deliveryCity: string;
  deliveryCountry: string;
  pickupDateFrom: Date;
  pickupTimezone: string;
  locale: Locale;
  firstName: string;
  lastName: string;
  email: string;
  addressFormatted: string;
  country: string;
};

export type SaleRow = RouteAndPerson & {
  paymentId: number;
  shipmentId: number;
  senderId: number;
  method: PaymentMethodName;
  amountCents: number;
  cardLast4: string | null;
  priceCents: number;
  insurance: InsuranceChoice;
  companyName: string | null;
  companyVat: string | null;
  companyAddress: string | null;
  companyEmail: string | null;
};

/** Succeeded payments whose invoice is not written yet, oldest first (the sweep bills each once). */
export async function salesToBill(db: Executor, limit: number): Promise<SaleRow[]> {
  const { rows } = await sql<SaleRow>`
    select p.id as payment_id, p.shipment_id, p.user_id as sender_id, s.reference_id as reference, p.method, p.amount_cents,
           r.card_last4, o.price_cents, s.insurance, s.pickup_city, s.pickup_country, s.delivery_city, s.delivery_country,
           s.pickup_date_from, s.pickup_timezone, u.locale, u.first_name, u.last_name, u.email, u.address_formatted, u.country,
           c.name as company_name, c.vat as company_vat, c.address as company_address, c.email as company_email
    from payments p
    join payment_receipts r on r.payment_id = p.id
    join shipments s on s.id = p.shipment_id
    join offers o on o.id = p.offer_id
    join users u on u.id = p.user_id
    left join companies c on c.user_id = p.user_id
    where p.status in ('succeeded', 'refunded')
      and not exists (select 1 from invoices i where i.source_key = 'sale:payment:' || p.id)
    order by p.id
    limit ${limit}`.execute(db);
  return rows;
}

export type PurchaseRow = RouteAndPerson & {
  shipmentId: number;
  driverId: number;
  priceCents: number;
  commissionBp: number | null;
  kind: 'person' | 'company';
  companyName: string;
  companyNumber: string;
  vat: string;
  vatExempt: boolean;
  iban: string;
};

/**
 * Jobs whose money was released to the driver and whose self-billed invoice is not written yet.
 * Only drivers who accepted the self-billing agreement: the platform may not write invoices in
 * the name of anyone else.
 */
export async function purchasesToBill(db: Executor, limit: number): Promise<PurchaseRow[]> {
  const { rows } = await sql<PurchaseRow>`
    select s.id as shipment_id, o.driver_id, s.reference_id as reference,
           -- A problem staff decided with a part refund leaves the driver a lower price (issue 23).
           coalesce((select pr.driver_price_cents from problems pr where pr.shipment_id = s.id), o.price_cents) as price_cents, o.commission_bp,
           s.pickup_city, s.pickup_country, s.delivery_city, s.delivery_country, s.pickup_date_from, s.pickup_timezone,
           u.locale, u.first_name, u.last_name, u.email, u.address_formatted, u.country,
           dp.kind, dp.company_name, dp.company_number, dp.vat, dp.vat_exempt, dp.iban
    from ledger_transactions t
    join shipments s on s.id = t.shipment_id
    join offers o on o.id = s.accepted_offer_id
    join users u on u.id = o.driver_id
    join driver_profiles dp on dp.user_id = o.driver_id
    where t.kind = 'release'
      and dp.self_billing_accepted_at is not null
      and not exists (select 1 from invoices i where i.source_key = 'purchase:shipment:' || s.id)
    order by t.id
    limit ${limit}`.execute(db);
  return rows;
}

export type CreditRow = { refundId: number; amountCents: number; reason: 'sender_cancelled' | 'driver_cancelled' | 'staff'; invoiceId: number; userId: number; shipmentId: number | null; locale: Locale; document: string };

/** Refunds made whose credit note is not written yet, with the invoice they correct (written first, by the same sweep). */
export async function creditsToWrite(db: Executor, limit: number): Promise<CreditRow[]> {
  const { rows } = await sql<CreditRow>`
    select f.id as refund_id, f.amount_cents, f.reason, i.id as invoice_id, i.user_id, i.shipment_id, i.locale, i.document
    from refunds f
    join invoices i on i.source_key = 'sale:payment:' || f.payment_id
    where f.status = 'succeeded'
      and not exists (select 1 from invoices c where c.source_key = 'credit:refund:' || f.id)
    order by f.id
    limit ${limit}`.execute(db);
  return rows;
}

/** Documents waiting for the Peppol network, oldest first. */
export async function peppolPending(db: Executor, limit: number) {
  return db.selectFrom('invoices').select(['id', 'number', 'kind', 'ubl', 'document']).where('peppolStatus', '=', 'pending').orderBy('id').limit(limit).execute();
}

export async function setPeppol(db: Executor, id: number, status: 'sent' | 'failed' | 'none', ref: string | null): Promise<void> {
  await db.updateTable('invoices').set({ peppolStatus: status, peppolRef: ref }).where('id', '=', id).where('peppolStatus', '=', 'pending').execute();
}

// --- Invoice payment by transfer (migration 0025) ---------------------------------------------------

export type OpenInvoice = { id: number; number: string; userId: number; shipmentId: number | null; payableCents: number; receivedCents: number; creditedCents: number; paidAt: Date | null };

/** The invoice a structured communication names, locked for the payment being applied. */
export async function invoiceByCommunication(trx: Executor, digits: string): Promise<OpenInvoice | null> {
  return (
    (await trx
      .selectFrom('invoices')
      .select(['id', 'number', 'userId', 'shipmentId', 'payableCents', 'receivedCents', 'paidAt', sql<number>`coalesce((select sum(x.total_cents) from invoices x where x.corrects_id = invoices.id), 0)::int`.as('creditedCents')])
      .where('paymentCommunication', '=', digits)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

/** Records a bank credit once by its key; false when it was imported before. */
export async function insertBankCredit(trx: Executor, row: Insertable<BankCreditsTable>): Promise<boolean> {
  const r = await trx.insertInto('bankCredits').values(row).onConflict((oc) => oc.column('key').doNothing()).returning('id').executeTakeFirst();
  return r !== undefined;
}

export async function addReceived(trx: Executor, id: number, cents: number, paidAt: Date | null): Promise<void> {
  await trx
    .updateTable('invoices')
    .set((eb) => ({ receivedCents: eb('receivedCents', '+', cents), ...(paidAt ? { paidAt: sql<Date>`coalesce(paid_at, ${paidAt})` } : {}) }))
    .where('id', '=', id)
    .execute();
}

export type DueInvoice = { id: number; number: string; locale: string; dueDate: string; dueCents: number; paymentCommunication: string; email: string; companyEmail: string | null; firstName: string };

/** Unpaid transfer invoices past their due date, not reminded since `remindedBefore`. */
export async function dueForReminder(db: Executor, today: string, remindedBefore: Date, limit: number): Promise<DueInvoice[]> {
  const { rows } = await sql<DueInvoice>`
    select i.id, i.number, i.locale, i.due_date, i.payable_cents - i.received_cents - coalesce((select sum(x.total_cents) from invoices x where x.corrects_id = i.id), 0) as due_cents,
           i.payment_communication, u.email, c.email as company_email, u.first_name
    from invoices i
    join users u on u.id = i.user_id
    left join companies c on c.user_id = i.user_id
    where i.paid_at is null and i.payable_cents > 0 and i.payment_communication is not null
      and i.due_date < ${today}
      and (i.reminded_at is null or i.reminded_at < ${remindedBefore})
      and i.payable_cents - i.received_cents - coalesce((select sum(x.total_cents) from invoices x where x.corrects_id = i.id), 0) > 0
    order by i.id
    limit ${limit}`.execute(db);
  return rows;
}

/** Marks a reminder sent, unless another process did since it was read. */
export async function markReminded(db: Executor, id: number, at: Date, remindedBefore: Date): Promise<boolean> {
  const r = await db
    .updateTable('invoices')
    .set((eb) => ({ remindedAt: at, remindersSent: eb('remindersSent', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('remindedAt', 'is', null), eb('remindedAt', '<', remindedBefore)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function unmarkReminded(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('invoices')
    .set((eb) => ({ remindedAt: null, remindersSent: eb('remindersSent', '-', 1) }))
    .where('id', '=', id)
    .where('remindedAt', '=', at)
    .execute();
}

export type UnpaidInvoiceRow = {
  id: number;
  number: string;
  company: string | null;
  firstName: string;
  lastName: string;
  email: string;
  companyEmail: string | null;
  dueCents: number;
  dueDate: string;
  remindersSent: number;
  remindedAt: Date | null;
};

/**
 * Issue 23: invoices paid by transfer with money still due, for finance staff: open (due today or
 * later) or overdue (due before `today`), the most overdue first.
 */
export async function unpaid(db: Executor, q: { today: string; overdue: boolean; limit: number }): Promise<UnpaidInvoiceRow[]> {
  const { rows } = await sql<UnpaidInvoiceRow>`
    select * from (
      select i.id, i.number, c.name as company, u.first_name, u.last_name, u.email, c.email as company_email, i.due_date, i.reminders_sent, i.reminded_at,
             i.payable_cents - i.received_cents - coalesce((select sum(x.total_cents) from invoices x where x.corrects_id = i.id), 0) as due_cents
      from invoices i
      join users u on u.id = i.user_id
      left join companies c on c.user_id = i.user_id
      where i.kind = 'invoice' and i.paid_at is null and i.payable_cents > 0 and i.payment_communication is not null and i.due_date is not null
        and (case when ${q.overdue} then i.due_date < ${q.today} else i.due_date >= ${q.today} end)
    ) o
    where o.due_cents > 0
    order by o.due_date, o.id
    limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ ...r, dueCents: Number(r.dueCents), remindersSent: Number(r.remindersSent) }));
}
