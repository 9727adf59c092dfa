import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { HANDED_OVER, type InsuranceChoice, type PaymentMethodName as PaymentMethod, statesWhere } from '@vm/domain';

// Issue 22, money held until delivery (decision 0031): the reads the release needs, across the
// tables of the jobs, offers, drivers and proofs (read only: those modules own their writes). The
// due jobs are found in one query so a batch of thousands is a few round trips.

/** Handed over, the money waiting for the sender's answer or the 24 hours. */
const ANSWER_STATES = statesWhere((d) => d.money === 'answer');

/**
 * A job's money as the ledger, the payment, the accepted offer and the refunds say it, in cents:
 * the one read every decision about a job's money starts from (release, refunds, cancellation
 * fees, problems' decisions). Read under the job's lock, it is what the decision may rely on.
 */
export type MoneyFactsRow = {
  shipmentId: number;
  reference: string;
  senderId: number;
  insurance: InsuranceChoice;
  offerId: number | null;
  driverId: number | null;
  driverName: string | null;
  priceCents: number | null;
  commissionBp: number | null;
  driverVatExempt: boolean | null;
  paymentId: number | null;
  method: PaymentMethod | null;
  amountCents: number | null;
  providerRef: string | null;
  /** The VAT the sender was charged (the receipt's); null without a receipt. */
  receiptVatPercent: number | null;
  chargedCents: number;
  heldCents: number;
  pendingRefundCents: number;
  refundedCents: number;
  released: boolean;
  feeKept: boolean;
  /** A payment is at the bank (claimed, no outcome yet). */
  paymentPending: boolean;
  problem: { status: 'open' | 'decided'; settled: boolean } | null;
  answer: 'confirmed' | 'problem' | null;
};

export async function moneyFacts(db: Executor, shipmentId: number): Promise<MoneyFactsRow | null> {
  const { rows } = await sql<Omit<MoneyFactsRow, 'problem'> & { problemStatus: 'open' | 'decided' | null; problemSettled: boolean | null }>`
    select s.id as shipment_id, s.reference_id as reference, s.sender_id, s.insurance,
           o.id as offer_id, o.driver_id, d.first_name || ' ' || d.last_name as driver_name, o.price_cents, o.commission_bp, dp.vat_exempt as driver_vat_exempt,
           pay.id as payment_id, pay.method, pay.amount_cents, pay.provider_ref, r.vat_percent as receipt_vat_percent,
           coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
                     where e.shipment_id = s.id and a.kind = 'held' and t.kind = 'charge'), 0)::int8 as charged_cents,
           coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.shipment_id = s.id and a.kind = 'held'), 0)::int8 as held_cents,
           coalesce((select sum(f.amount_cents) from refunds f where f.shipment_id = s.id and f.status = 'pending'), 0)::int8 as pending_refund_cents,
           coalesce((select sum(f.amount_cents) from refunds f where f.shipment_id = s.id and f.status = 'succeeded'), 0)::int8 as refunded_cents,
           exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release') as released,
           exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'cancellation_fee') as fee_kept,
           exists (select 1 from payments p2 where p2.shipment_id = s.id and p2.status = 'pending') as payment_pending,
           pr.status as problem_status, pr.settled_at is not null as problem_settled,
           (select a.outcome from delivery_answers a where a.shipment_id = s.id) as answer
    from shipments s
    left join offers o on o.id = s.accepted_offer_id
    left join users d on d.id = o.driver_id
    left join driver_profiles dp on dp.user_id = o.driver_id
    left join payments pay on pay.shipment_id = s.id and pay.status = 'succeeded'
    left join payment_receipts r on r.payment_id = pay.id
    left join problems pr on pr.shipment_id = s.id
    where s.id = ${shipmentId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { problemStatus, problemSettled, ...rest } = row;
  return {
    ...rest,
    chargedCents: Number(rest.chargedCents),
    heldCents: Number(rest.heldCents),
    pendingRefundCents: Number(rest.pendingRefundCents),
    refundedCents: Number(rest.refundedCents),
    problem: problemStatus ? { status: problemStatus, settled: problemSettled ?? false } : null,
  };
}

/**
 * Delivered jobs whose money is still held and may go to the driver: the driver's proof of delivery
 * is kept, nothing was released yet, and the sender confirmed, or did not answer within the window
 * (`answeredBefore`: delivered at or before it). A reported problem holds the money (staff decide).
 */
export async function dueForRelease(db: Executor, deliveredBefore: Date, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from shipments s
    where s.state in (${sql.join(ANSWER_STATES)})
      and not exists (select 1 from problems pr where pr.shipment_id = s.id and pr.status = 'open')
      and exists (select 1 from proofs p where p.shipment_id = s.id and p.kind = 'delivery')
      and exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'charge')
      and not exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release')
      and (
        exists (select 1 from delivery_answers d where d.shipment_id = s.id and d.outcome = 'confirmed')
        or (not exists (select 1 from delivery_answers d where d.shipment_id = s.id)
            and (select max(st.created_at) from shipment_states st where st.shipment_id = s.id and st.state = ${HANDED_OVER}) <= ${deliveredBefore})
      )
    order by s.id
    limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** The sender's answer after delivery, if any. */
export async function deliveryOutcome(db: Executor, shipmentId: number): Promise<'confirmed' | 'problem' | null> {
  const row = await db.selectFrom('deliveryAnswers').select('outcome').where('shipmentId', '=', shipmentId).executeTakeFirst();
  return row?.outcome ?? null;
}

export type DriverJobMoneyRow = {
  shipmentId: number;
  reference: string;
  pickupCity: string;
  deliveryCity: string;
  deliveredAt: Date | null;
  priceCents: number;
  commissionBp: number | null;
  vatExempt: boolean | null;
  charged: boolean;
  released: boolean;
  releasedAt: Date | null;
  heldCents: number;
  outcome: 'confirmed' | 'problem' | null;
};

/** The driver's accepted jobs (newest first, at most `limit`), with what the ledger and the sender's answer say of their money. */
export async function driverJobsMoney(db: Executor, driverId: number, limit: number): Promise<DriverJobMoneyRow[]> {
  const { rows } = await sql<DriverJobMoneyRow>`
    select s.id as shipment_id, s.reference_id as reference, s.pickup_city, s.delivery_city,
           (select max(st.created_at) from shipment_states st where st.shipment_id = s.id and st.state = ${HANDED_OVER}) as delivered_at,
           coalesce((select pr.driver_price_cents from problems pr where pr.shipment_id = s.id), o.price_cents) as price_cents, o.commission_bp, p.vat_exempt,
           exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'charge') as charged,
           exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release') as released,
           (select min(t.created_at) from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release') as released_at,
           coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.shipment_id = s.id and a.kind = 'held'), 0)::int8 as held_cents,
           (select d.outcome from delivery_answers d where d.shipment_id = s.id) as outcome
    from shipments s
    join offers o on o.id = s.accepted_offer_id
    left join driver_profiles p on p.user_id = o.driver_id
    where o.driver_id = ${driverId}
    order by s.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, heldCents: Number(r.heldCents) }));
}

/** When the driver's latest paid payout and their open one (claimed or at the provider) were made: what a released job's money has reached. */
export async function payoutTimes(db: Executor, driverId: number): Promise<{ paidThrough: Date | null; openSince: Date | null }> {
  const row = await db
    .selectFrom('payouts')
    .select([
      sql<Date | null>`max(created_at) filter (where status = 'paid')`.as('paidThrough'),
      sql<Date | null>`max(created_at) filter (where status in ('claimed', 'pending'))`.as('openSince'),
    ])
    .where('driverId', '=', driverId)
    .executeTakeFirstOrThrow();
  return { paidThrough: row.paidThrough, openSince: row.openSince };
}

/** The driver's latest payouts, newest first. */
export async function driverPayouts(db: Executor, driverId: number, limit: number) {
  return db
    .selectFrom('payouts')
    .select(['id', 'amountCents', 'status', 'failureReason', 'createdAt'])
    .where('driverId', '=', driverId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type ReleasedJobRow = {
  shipmentId: number;
  reference: string;
  pickupCity: string;
  deliveryCity: string;
  deliveredAt: Date | null;
  releasedAt: Date;
  commissionBp: number | null;
  /** As the release booked them, in cents: what the driver is owed (net + VAT), the commission kept, the driver's VAT. */
  payableCents: number;
  commissionCents: number;
  vatCents: number;
};

/**
 * The driver's jobs released in [from, to) (all when unbounded), newest release first, at most
 * `limit`, each with what its release booked for the driver: the ledger's figures, so a job settled
 * at a lower price after a part refund counts at that price.
 */
export async function releasedJobs(db: Executor, driverId: number, q: { from?: Date; to?: Date; limit: number }): Promise<ReleasedJobRow[]> {
  const { rows } = await sql<ReleasedJobRow>`
    select s.id as shipment_id, s.reference_id as reference, s.pickup_city, s.delivery_city,
           (select max(st.created_at) from shipment_states st where st.shipment_id = s.id and st.state = ${HANDED_OVER}) as delivered_at,
           r.released_at, o.commission_bp,
           coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.transaction_id = r.transaction_id and a.kind = 'driver_payable'), 0)::int8 as payable_cents,
           coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.transaction_id = r.transaction_id and a.kind = 'revenue_commission'), 0)::int8 as commission_cents,
           coalesce((select sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.transaction_id = r.transaction_id and a.kind = 'vat_receivable'), 0)::int8 as vat_cents
    from (select t.shipment_id, t.id as transaction_id, t.created_at as released_at from ledger_transactions t where t.kind = 'release') r
    join shipments s on s.id = r.shipment_id
    join offers o on o.id = s.accepted_offer_id
    where o.driver_id = ${driverId}
      and r.released_at >= ${q.from ?? new Date(0)}
      and r.released_at < ${q.to ?? new Date('9999-12-31T00:00:00Z')}
    order by r.released_at desc, s.id desc
    limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ ...r, payableCents: Number(r.payableCents), commissionCents: Number(r.commissionCents), vatCents: Number(r.vatCents) }));
}

/** The driver as a statement names them: name, language, business details (when joined). */
export async function statementParty(db: Executor, driverId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('driverProfiles as p', 'p.userId', 'u.id')
    .select(['u.firstName', 'u.lastName', 'u.locale', 'p.kind', 'p.companyName', 'p.vat', 'p.iban'])
    .where('u.id', '=', driverId)
    .executeTakeFirst();
}

/** The driver's payouts made at or after `since`, oldest first (what carried a week's releases). */
export async function payoutsSince(db: Executor, driverId: number, since: Date, limit: number) {
  return db
    .selectFrom('payouts')
    .select(['id', 'amountCents', 'status', 'providerRef', 'createdAt'])
    .where('driverId', '=', driverId)
    .where('createdAt', '>=', since)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type OnHoldRow = { shipmentId: number; reference: string; driverName: string; heldCents: number; since: Date };

/**
 * Issue 23: jobs whose money waits for staff: the sender reported a problem after delivery, nothing
 * was released and money is still held; oldest report first.
 */
export async function onHold(db: Executor, limit: number): Promise<OnHoldRow[]> {
  const { rows } = await sql<OnHoldRow>`
    select s.id as shipment_id, s.reference_id as reference, u.first_name || ' ' || u.last_name as driver_name, h.held_cents, d.answered_at as since
    from delivery_answers d
    join shipments s on s.id = d.shipment_id
    join offers o on o.id = s.accepted_offer_id
    join users u on u.id = o.driver_id
    join lateral (select coalesce(-sum(e.amount_cents), 0)::int8 as held_cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
                  where e.shipment_id = s.id and a.kind = 'held') h on true
    where d.outcome = 'problem'
      and not exists (select 1 from ledger_transactions t where t.shipment_id = s.id and t.kind = 'release')
      and h.held_cents > 0
    order by d.answered_at, s.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, heldCents: Number(r.heldCents) }));
}
