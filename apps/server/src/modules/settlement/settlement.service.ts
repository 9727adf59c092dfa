import {
  addDays,
  canTransition,
  DRIVER_VAT_PERCENT,
  PAYMENT_METHOD,
  FINISHED,
  SHIPMENT_STATE,
  costBreakdown,
  DELIVERY_ANSWER_WINDOW_SECONDS,
  type DriverEarningsRead,
  driverEarnings,
  type DriverStatementsRead,
  isLocale,
  jobSplit,
  remainderSplit,
  localParts,
  MAX_STATEMENT_WEEKS,
  type JobSplit,
  type MoneyOnHoldRead,
  type MoneyStatus,
  type PaymentMethodName,
  payoutWeek,
  payoutWeekBounds,
  payoutWeekOf,
} from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LockedJob, ShipmentsService } from '../shipments/shipments.service.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './settlement.repository.ts';
import { type StatementDoc, statementPdf } from './statement-pdf.ts';

// Issue 22 part 2, money held until delivery (decision 0031). A charge at acceptance goes to the
// funds the platform holds, not to anyone yet. It is released to the driver when the sender
// confirms delivery, or by the timer 24 hours after `delivered` when the driver's proof of delivery
// is kept and no problem was reported; a reported problem holds it until staff release it (or, with
// the operations issue, refund it). A release divides the money once (the ledger's key per job):
// VAT the platform owes, the insurance premium, the commission, and the driver's payable.

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  ledger: LedgerService;
  shipments: Pick<ShipmentsService, 'withJob' | 'transition'>;
  now: () => Date;
  log: Log;
  commissionPercent: number;
  /** After a job's money is released (the driver's self-billed invoice is written then). */
  afterRelease?: () => void;
};

export type ReleaseReason = 'confirmed' | 'timer' | 'staff';
/** Issue 23: what a release after a part refund left the driver (their price without VAT) and the side of the job released, in cents. */
export type RestRelease = { outcome: ReleaseOutcome; driverPriceCents: number; releasedCents: number };
/** Keeps the lower driver's price in the release's transaction (the self-billed invoice is written from it). */
type RestHook = (trx: Executor, driverPriceCents: number) => Promise<void>;
/**
 * What a release did: released, or why not: released before, nothing held (not paid, or refunded),
 * held money that is not the price (part refunded: staff divide it), a problem still open (staff
 * decide it first), a refund still at the provider (its money is spoken for), or a job not
 * delivered that staff release without a decided problem (a driver is paid for a delivery, or by
 * staff's decision on a problem).
 */
export type ReleaseOutcome = 'released' | 'already_released' | 'nothing_held' | 'amount_mismatch' | 'problem_open' | 'refund_pending' | 'not_delivered';

/**
 * A job's money in cents, as every decision about it reads it (settlement owns these figures):
 * the price of record and how it divides, and what is held, spoken for by refunds at the provider,
 * free, refunded and released.
 */
export type MoneyFacts = repo.MoneyFactsRow & {
  /** The VAT percent of the sale, as charged (the receipt's; 21 % for a receipt older than the rule). */
  saleVatPercent: number;
  /** Held and not spoken for by a refund at the provider: what a release or a new refund may take. */
  availableCents: number;
  /** The commission percent the accepted offer kept. */
  commissionPercent: number;
};

/** Jobs released per batch of the timer; a backlog is worked off batch after batch. */
const RELEASE_BATCH = 200;
/** The earnings list shows the newest accepted jobs. */
const EARNINGS_LIMIT = 200;
/** Jobs on hold listed for staff at once. */
const ON_HOLD_LIMIT = 500;

const euros = (cents: number) => cents / 100;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Releases read to list the statement weeks (a busy driver's year); the list keeps the newest weeks. */
const STATEMENT_RELEASES = 5000;
/** Jobs on one week's statement, and payouts read after it. */
const STATEMENT_JOBS = 1000;
/** Who issues the statements. */
const ISSUER = 'Vrachtmarkt';
const brusselsDate = (d: Date) => localParts(d, 'Europe/Brussels').date;

/** A SEPA credit transfer reaches the driver's bank about a business day after it is sent. */
const TRANSFER_SECONDS = 24 * 3600;

/** A job's money status from its ledger facts, the sender's answer and the driver's paid payouts (see moneyStatus). */
function statusOf(r: { charged: boolean; released: boolean; releasedAt?: Date | null; heldCents: number; outcome: 'confirmed' | 'problem' | null }, paidThrough: Date | null = null): MoneyStatus | null {
  if (!r.charged) return null;
  if (r.released) return paidThrough && r.releasedAt && r.releasedAt <= paidThrough ? 'paid_out' : 'released';
  if (r.heldCents <= 0) return 'refunded';
  return r.outcome === 'problem' ? 'on_hold' : 'held';
}

export function settlementService({ db, ledger, shipments, now, log, commissionPercent, afterRelease }: Deps) {
  /** What a job pays the driver, with the commission their offer kept. */
  const earningsOf = (r: { priceCents: number; commissionBp: number | null; vatExempt: boolean | null }) =>
    driverEarnings(r.priceCents, r.commissionBp === null ? commissionPercent : r.commissionBp / 100, r.vatExempt ?? true);

  async function facts(executor: Executor, shipmentId: number): Promise<MoneyFacts | null> {
    const f = await repo.moneyFacts(executor, shipmentId);
    if (!f) return null;
    return {
      ...f,
      saleVatPercent: f.receiptVatPercent ?? 21,
      availableCents: f.heldCents - f.pendingRefundCents,
      commissionPercent: f.commissionBp === null ? commissionPercent : f.commissionBp / 100,
    };
  }

  /**
   * Releases a locked job's held money to its driver (see the module comment), in the caller's
   * transaction: all of it, or (`rest`, staff's decision on a problem after a part refund) what is
   * still held, divided like a release of the lower price the refund left. A delivered job is done
   * once its money is released: it moves to finalised with the release.
   */
  async function releaseLocked(trx: Executor, job: LockedJob, reason: ReleaseReason, rest: RestHook | null = null): Promise<{ outcome: ReleaseOutcome; split?: JobSplit }> {
    const f = await facts(trx, job.id);
    if (!f || f.driverId === null || f.priceCents === null) return { outcome: 'nothing_held' };
    if (f.released) return { outcome: 'already_released' };
    if (f.problem?.status === 'open') return { outcome: 'problem_open' };
    if (SHIPMENT_STATE[job.state].money !== 'answer' && f.problem?.status !== 'decided') return { outcome: 'not_delivered' };
    if (f.pendingRefundCents > 0) return { outcome: 'refund_pending' };
    const held = f.heldCents;
    if (held <= 0) return { outcome: 'nothing_held' };
    const cost = costBreakdown(f.priceCents, f.insurance, f.saleVatPercent);
    const split = rest ? remainderSplit(cost, held, f.commissionPercent, f.driverVatExempt ?? true) : jobSplit(cost, f.commissionPercent, f.driverVatExempt ?? true);
    if (split.charged !== held) {
      // Part of it was refunded (or the price moved): only staff's decision divides what is left.
      log.warn({ shipmentId: job.id, held, charged: split.charged }, 'held money differs from the price: not released');
      return { outcome: 'amount_mismatch' };
    }
    await ledger.post(trx, {
      key: `release:shipment:${job.id}`,
      kind: 'release',
      shipmentId: job.id,
      memo: `${f.reference} released to driver ${f.driverId} (${reason})`,
      lines: [
        { account: { kind: 'held' }, cents: split.charged },
        { account: { kind: 'vat_payable' }, cents: -split.vat_out },
        { account: { kind: 'revenue_insurance' }, cents: -split.insurance },
        { account: { kind: 'revenue_commission' }, cents: -split.driver.commission },
        { account: { kind: 'driver_payable', userId: f.driverId }, cents: -split.driver.payable },
        { account: { kind: 'vat_receivable' }, cents: split.driver.vat },
      ],
    });
    await rest?.(trx, split.driver.price);
    await finishDelivered(trx, job);
    return { outcome: 'released', split };
  }

  /** A delivered job whose money is settled is done (finalised: the sender may rate it). */
  async function finishDelivered(trx: Executor, job: LockedJob): Promise<void> {
    if (canTransition(job.state, FINISHED, 'system')) await shipments.transition(trx, job, FINISHED, 'system');
  }

  /** Releases one job's held money to its driver under the job's lock; what happened, once per job. */
  async function release(shipmentId: number, reason: ReleaseReason): Promise<ReleaseOutcome> {
    const { outcome } = await shipments.withJob(shipmentId, (job, trx) => releaseLocked(trx, job, reason));
    if (outcome === 'released') afterRelease?.();
    return outcome;
  }

  return {
    /** Books a succeeded payment as money held for its job, in the payment's own transaction (once per payment). */
    async recordCharge(trx: Executor, p: { paymentId: number; shipmentId: number; senderId: number; method: PaymentMethodName; amountCents: number; reference: string }): Promise<void> {
      // An invoice is owed by the sender until the bank statement shows it paid; a card or
      // Bancontact payment sits with the payment provider.
      const from = PAYMENT_METHOD[p.method].money === 'sender' ? { kind: 'sender_receivable' as const, userId: p.senderId } : { kind: 'provider_clearing' as const };
      await ledger.post(trx, {
        key: `charge:payment:${p.paymentId}`,
        kind: 'charge',
        shipmentId: p.shipmentId,
        memo: `${p.reference} paid by ${p.method} (payment ${p.paymentId})`,
        lines: [
          { account: from, cents: p.amountCents },
          { account: { kind: 'held' }, cents: -p.amountCents },
        ],
      });
    },

    release,
    facts,
    finishDelivered,

    /** The sender confirmed the delivery, in the answer's transaction (holding the job's lock): the money goes to the driver with it. */
    async releaseOnConfirmation(trx: Executor, job: LockedJob): Promise<ReleaseOutcome> {
      const { outcome } = await releaseLocked(trx, job, 'confirmed');
      return outcome;
    },
    /** After a release committed elsewhere (the confirmation's transaction): the invoices follow. */
    released: () => afterRelease?.(),

    /** Issue 23: staff's decision on a problem after a part refund: what is still held goes to the driver's side (see releaseLocked). */
    async releaseRest(shipmentId: number, withPrice: RestHook): Promise<RestRelease> {
      const { outcome, split } = await shipments.withJob(shipmentId, (job, trx) => releaseLocked(trx, job, 'staff', withPrice));
      if (outcome === 'released') afterRelease?.();
      return { outcome, driverPriceCents: split?.driver.price ?? 0, releasedCents: split?.charged ?? 0 };
    },

    /** Issue 23: jobs whose money waits for staff (the sender reported a problem), oldest report first. */
    async onHold(): Promise<MoneyOnHoldRead[]> {
      return (await repo.onHold(db, ON_HOLD_LIMIT)).map((r) => ({ shipment_id: r.shipmentId, reference: r.reference, driver_name: r.driverName, amount: euros(r.heldCents), since: seconds(r.since) }));
    },

    /** Where a paid job's money is (null before any payment). */
    async moneyStatus(shipmentId: number): Promise<MoneyStatus | null> {
      const charged = await ledger.hasMovement(shipmentId, 'charge');
      if (!charged) return null;
      return statusOf({ charged, released: await ledger.hasMovement(shipmentId, 'release'), heldCents: await ledger.heldFor(shipmentId), outcome: await repo.deliveryOutcome(db, shipmentId) });
    },

    /** GET /api/driver/earnings: the driver's accepted jobs, what each pays them (as their offer kept the commission), and where the money is. */
    async driverEarnings(driverId: number): Promise<DriverEarningsRead> {
      const [rows, payouts, recent] = await Promise.all([repo.driverJobsMoney(db, driverId, EARNINGS_LIMIT), repo.payoutTimes(db, driverId), repo.driverPayouts(db, driverId, 20)]);
      const nextPayoutDay = seconds(payoutWeek(now()).nextPayoutDay);
      const totals = { held: 0, on_hold: 0, released: 0, paid_out: 0 };
      const items = rows.map((r) => {
        const e = earningsOf(r);
        const status = statusOf(r, payouts.paidThrough);
        if (status && status !== 'refunded') totals[status] += e.payable;
        const releaseBy = r.deliveredAt ? seconds(r.deliveredAt) + DELIVERY_ANSWER_WINDOW_SECONDS : null;
        // Released money goes out with the next weekly payout; once sent, it is in the bank a day later.
        const inTransit = payouts.openSince && r.releasedAt && r.releasedAt <= payouts.openSince;
        const expected = status === 'held' ? releaseBy : status === 'released' ? (inTransit ? seconds(payouts.openSince!) + TRANSFER_SECONDS : nextPayoutDay) : null;
        return {
          shipment_id: r.shipmentId,
          reference: r.reference,
          pickup_city: r.pickupCity,
          delivery_city: r.deliveryCity,
          delivered_at: r.deliveredAt ? seconds(r.deliveredAt) : null,
          price: euros(e.price),
          commission_percent: e.commission_percent,
          commission: euros(e.commission),
          vat_percent: e.vat_percent,
          vat: euros(e.vat),
          payable: euros(e.payable),
          status,
          expected_at: expected,
        };
      });
      const payoutList = recent.map((p) => ({
        id: p.id,
        amount: euros(p.amountCents),
        status: p.status === 'claimed' ? ('pending' as const) : p.status,
        created_at: seconds(p.createdAt),
        failure_reason: p.failureReason,
      }));
      return { items, payouts: payoutList, totals: { held: euros(totals.held), on_hold: euros(totals.on_hold), released: euros(totals.released), paid_out: euros(totals.paid_out) } };
    },

    /** GET /api/driver/statements: the payout weeks in which jobs were released to the driver, newest first. */
    async driverStatements(driverId: number): Promise<DriverStatementsRead> {
      const rows = await repo.releasedJobs(db, driverId, { limit: STATEMENT_RELEASES });
      const weeks = new Map<string, { jobs: number; payable: number }>();
      for (const r of rows) {
        const week = payoutWeekOf(r.releasedAt);
        if (!weeks.has(week) && weeks.size === MAX_STATEMENT_WEEKS) break;
        const w = weeks.get(week) ?? { jobs: 0, payable: 0 };
        w.jobs++;
        w.payable += r.payableCents;
        weeks.set(week, w);
      }
      return { weeks: [...weeks].map(([week, w]) => ({ week, week_end: addDays(week, 6), jobs: w.jobs, payable: euros(w.payable) })) };
    },

    /**
     * GET /api/driver/statements/{week}.pdf: the driver's statement of a payout week, in their
     * language; 404 for a week with no job released to them (another driver's week is one).
     */
    async statementPdf(driverId: number, week: string): Promise<{ pdf: Buffer; lang: string }> {
      const { start, end } = payoutWeekBounds(week);
      const jobs = (await repo.releasedJobs(db, driverId, { from: start, to: end, limit: STATEMENT_JOBS })).reverse();
      if (jobs.length === 0) throw notFound();
      const [party, payoutRows, current, times] = await Promise.all([
        repo.statementParty(db, driverId),
        repo.payoutsSince(db, driverId, jobs[0]!.releasedAt, STATEMENT_JOBS),
        repo.driverJobsMoney(db, driverId, EARNINGS_LIMIT),
        repo.payoutTimes(db, driverId),
      ]);
      if (!party) throw notFound();
      const lang = isLocale(party.locale) ? party.locale : 'nl';
      // A job's money goes out with the first payout made after its release; a failed payout
      // gives it back, and the next one carries it.
      const payoutOf = (releasedAt: Date) => {
        const after = payoutRows.filter((p) => p.createdAt >= releasedAt);
        const p = after.find((x) => x.status !== 'failed') ?? after[0];
        return p ? { date: brusselsDate(p.createdAt), status: p.status === 'claimed' ? ('pending' as const) : p.status, reference: p.providerRef } : null;
      };
      const doc: StatementDoc = {
        issuer: ISSUER,
        week,
        weekEnd: addDays(week, 6),
        issuedOn: brusselsDate(now()),
        driver: {
          name: `${party.firstName} ${party.lastName}`,
          company: party.kind === 'company' && party.companyName ? party.companyName : null,
          vat: party.vat || null,
          ibanLast4: party.iban ? party.iban.replace(/\s/g, '').slice(-4) : null,
        },
        // Each job as its release booked it (a job settled at a lower price after a part refund, at that price).
        jobs: jobs.map((r) => {
          const net = r.payableCents - r.vatCents;
          return {
            reference: r.reference,
            deliveredOn: r.deliveredAt ? brusselsDate(r.deliveredAt) : null,
            route: `${r.pickupCity} - ${r.deliveryCity}`,
            price: net + r.commissionCents,
            commissionPercent: r.commissionBp === null ? commissionPercent : r.commissionBp / 100,
            commission: r.commissionCents,
            net,
            vatPercent: r.vatCents === 0 ? 0 : DRIVER_VAT_PERCENT,
            vat: r.vatCents,
            payable: r.payableCents,
            payout: payoutOf(r.releasedAt),
          };
        }),
        nextPayout: brusselsDate(payoutWeek(now()).nextPayoutDay),
        stillHeld: current.flatMap((r) => {
          const status = statusOf(r, times.paidThrough);
          return status === 'held' || status === 'on_hold' ? [{ reference: r.reference, route: `${r.pickupCity} - ${r.deliveryCity}`, payable: earningsOf(r).payable, status }] : [];
        }),
      };
      return { pdf: await statementPdf(doc, lang), lang };
    },

    /** The timer: releases every due job (confirmed, or unanswered 24 hours after delivery with proof); how many. */
    async releaseDue(): Promise<number> {
      let released = 0;
      for (;;) {
        const deliveredBefore = new Date(now().getTime() - DELIVERY_ANSWER_WINDOW_SECONDS * 1000);
        const ids = await repo.dueForRelease(db, deliveredBefore, RELEASE_BATCH);
        let batch = 0;
        for (const id of ids) {
          const outcome = await release(id, (await repo.deliveryOutcome(db, id)) === 'confirmed' ? 'confirmed' : 'timer');
          if (outcome === 'released') batch++;
        }
        released += batch;
        // A job that cannot be released (an amount that differs: staff's) comes back in every batch:
        // stop on a short batch, or a full one that released nothing.
        if (ids.length < RELEASE_BATCH || batch === 0) return released;
      }
    },
  };
}

export type SettlementService = ReturnType<typeof settlementService>;
