import {
  CANCELLED,
  cancellationBoundaries,
  cancellationOutcome,
  type CancellationQuote,
  creditableGross,
  formatEuro,
  GIVEN_BACK,
  type Locale,
  localeTagOf,
  SHIPMENT_STATE,
  type ShipmentRead,
  type ShipmentStateName,
  splitCancellationFee,
  translate,
} from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { ApiError, jobConflict, notFound } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import type { MoneyFacts, SettlementService } from '../settlement/settlement.service.ts';
import type { LockedJob, ShipmentsService } from '../shipments/shipments.service.ts';
import * as repo from './cancellations.repository.ts';

// Cancelling by the published ladder (packages/domain cancellation.ts, decision 0034), and staff's
// refunds. Each runs under the job's lock (the shipments module's), reads the job's money there
// (settlement's facts) and moves the state through the job's one transition, with the ledger and
// the events in the same transaction. The sender cancels for free before acceptance and for the
// ladder's fee after it, naming the fee they were shown; a driver gives an accepted job back (it
// returns to `new`, the sender is refunded in full). Refunds are claimed with their cause and made
// through the refunds module after the commit.

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'get' | 'withJob' | 'transition'>;
  settlement: Pick<SettlementService, 'facts'>;
  refunds: Pick<RefundsService, 'claim' | 'bySource' | 'count' | 'settle'>;
  ledger: Pick<LedgerService, 'post'>;
  events: EventsService;
  now: () => Date;
  log: Log;
};

/** 409 whose message names the fee (in the caller's language), so nobody pays a fee they did not see; the body carries it too. */
const feeError = (code: 'cancellation_fee_required' | 'cancellation_fee_changed', feeCents: number, refundCents: number, lang: Locale, state: ShipmentStateName) =>
  new ApiError(409, 'conflict', translate(code, lang).replace('{fee}', formatEuro(feeCents, localeTagOf(lang))), {}, { code, fee: euros(feeCents), refund: euros(refundCents), state });
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const euros = (cents: number) => cents / 100;
/** The VAT inside an amount with VAT at this rate. */
const vatIn = (gross: number, percent: number) => gross - Math.round((gross * 100) / (100 + percent));

/** What a staff refund did, or why it did nothing. */
export type StaffRefundOutcome = { refunded: number } | { refused: 'no_payment' | 'released' | 'too_much' | 'nothing_held' };

/**
 * What cancelling costs the sender now, in cents. The ladder's percent applies to what was charged;
 * whatever was refunded before (or is on its way back) comes off the refund. The refund is rounded
 * up to an amount a credit note can state exactly (net + its VAT rounded once): the sender never
 * pays more than the ladder's fee.
 */
function priced(job: Pick<LockedJob, 'state' | 'pickupDateFrom' | 'pickupTimezone'>, f: MoneyFacts, now: Date) {
  const charged = f.amountCents ?? 0;
  const outcome = cancellationOutcome({ now: seconds(now), state: job.state, pickup_date_from: seconds(job.pickupDateFrom), pickup_timezone: job.pickupTimezone, price_cents: charged, by: 'sender' });
  const due = outcome.allowed ? Math.max(0, outcome.refund_cents - (charged - f.availableCents)) : 0;
  const refund = due > 0 ? creditableGross(due, f.saleVatPercent, f.availableCents) : 0;
  const fee = outcome.allowed ? Math.max(0, f.availableCents) - refund : 0;
  return { outcome, charged, refund, fee, ...splitCancellationFee(fee) };
}

export function cancellationsService({ db, shipments, settlement, refunds, ledger, events, now, log }: Deps) {
  /** Sends a claimed refund after its claim committed; the `refunds` job retries what the provider did not take. */
  const settleAfter = (refundId: number | null, what: string) => {
    if (refundId === null) return Promise.resolve();
    return refunds.settle(refundId).then(
      () => undefined,
      (err: unknown) => log.error({ err, refundId }, `refund after ${what} failed; the job retries it`),
    );
  };

  return {
    /** GET /api/shipment/{id}/cancellation */
    async quote(senderId: number, shipmentId: number): Promise<CancellationQuote> {
      const s = await shipments.get(senderId, shipmentId, 'nl');
      const f = (await settlement.facts(db, shipmentId))!;
      const job = { state: s.current_state.state, pickupDateFrom: new Date(s.pickup_date_from * 1000), pickupTimezone: s.pickup_timezone };
      const p = priced(job, f, now());
      const accepted = f.offerId !== null && f.paymentId !== null;
      return {
        allowed: p.outcome.allowed,
        charged: euros(p.charged),
        fee: euros(p.fee),
        refund: euros(p.refund),
        step: p.outcome.step_id,
        next_step_at: p.outcome.next_step_at,
        refusal: p.outcome.refusal,
        boundaries: accepted ? cancellationBoundaries(s.pickup_date_from, s.pickup_timezone) : null,
      };
    },

    /**
     * POST /api/shipment/{id}/status {state: cancelled}: free before acceptance (never while a
     * payment is at the bank: the caller stops a waiting one first); after acceptance for the fee the
     * sender names (`feeEuros`). Without it, or with another amount than the fee now, nothing happens:
     * 409 naming the fee.
     */
    async senderCancel(senderId: number, shipmentId: number, feeEuros: number | undefined, lang: Locale): Promise<ShipmentRead> {
      const refundId = await shipments.withJob(shipmentId, async (job, trx) => {
        if (job.senderId !== senderId) throw notFound();
        const how = SHIPMENT_STATE[job.state].senderCancel;
        const f = (await settlement.facts(trx, shipmentId))!;
        if (how === 'free') {
          if (f.paymentPending) throw jobConflict('payment_in_progress', job.state);
          await shipments.transition(trx, job, CANCELLED, 'sender');
          return null;
        }
        if (how !== 'ladder' || f.paymentId === null || f.driverId === null) throw jobConflict('state_change_not_allowed', job.state);
        const p = priced(job, f, now());
        if (!p.outcome.allowed) throw jobConflict('state_change_not_allowed', job.state);
        if (feeEuros === undefined) throw feeError('cancellation_fee_required', p.fee, p.refund, lang, job.state);
        if (Math.round(feeEuros * 100) !== p.fee) throw feeError('cancellation_fee_changed', p.fee, p.refund, lang, job.state);
        const from = job.state;
        await shipments.transition(trx, job, CANCELLED, 'sender');
        if (p.fee > 0) {
          // The fee stays: VAT on it is owed, most of it is the driver's, the platform keeps the rest.
          const vat = vatIn(p.fee, f.saleVatPercent);
          await ledger.post(trx, {
            key: `cancellation_fee:shipment:${shipmentId}`,
            kind: 'cancellation_fee',
            shipmentId,
            memo: `${f.reference} cancelled by the sender in ${from}: fee ${p.fee} cents (${p.outcome.step_id})`,
            lines: [
              { account: { kind: 'held' }, cents: p.fee },
              { account: { kind: 'vat_payable' }, cents: -vat },
              { account: { kind: 'driver_payable', userId: f.driverId }, cents: -p.driver_share_cents },
              { account: { kind: 'revenue_cancellation' }, cents: -(p.fee - vat - p.driver_share_cents) },
            ],
          });
        }
        await events.record(trx, [{ userId: f.driverId, type: 'shipment.cancelled', shipmentId, payload: { reference: f.reference, fee_share: euros(p.driver_share_cents) } }]);
        if (p.refund === 0) return null;
        return refunds.claim(trx, { sourceKey: `cancel:shipment:${shipmentId}`, paymentId: f.paymentId, shipmentId, amountCents: p.refund, reason: 'sender_cancelled' });
      });
      await settleAfter(refundId, 'cancelling');
      return shipments.get(senderId, shipmentId, lang);
    },

    /** POST /api/driver/shipment/{id}/cancel: the job goes back to `new`, the sender is refunded in full and told. */
    async driverCancel(driverId: number, shipmentId: number, reason: string): Promise<{ state: typeof GIVEN_BACK; refund: number }> {
      const refund = await shipments.withJob(shipmentId, async (job, trx) => {
        // Only the job's own driver may give it back; to anyone else it does not exist.
        const offerId = job.acceptedOfferId;
        if (job.driverId !== driverId || offerId === null) throw notFound();
        const f = (await settlement.facts(trx, shipmentId))!;
        // Money staff released to the driver already (a decided problem) is theirs: the job is not given back over it.
        if (f.released) throw jobConflict('state_change_not_allowed', job.state);
        await shipments.transition(trx, job, GIVEN_BACK, 'driver_gives_back', { acceptedOfferId: null });
        const at = now();
        await repo.withdrawOffer(trx, offerId, at);
        await repo.recordDriverCancellation(trx, { driverId, shipmentId, reason, createdAt: at });
        // Everything still held goes back (a part refunded before is already the sender's).
        const back = f.paymentId === null ? 0 : Math.max(0, f.availableCents);
        await events.record(trx, [{ userId: job.senderId, type: 'shipment.driver_cancelled', shipmentId, payload: { reference: job.reference, driver_name: f.driverName ?? '', refund: euros(back) } }]);
        if (f.paymentId === null) return { id: null, cents: 0 };
        await repo.markPaymentRefunded(trx, f.paymentId, at);
        if (back === 0) return { id: null, cents: 0 };
        const id = await refunds.claim(trx, { sourceKey: `driver_cancel:payment:${f.paymentId}`, paymentId: f.paymentId, shipmentId, amountCents: back, reason: 'driver_cancelled' });
        return { id, cents: back };
      });
      await settleAfter(refund.id, 'a driver gave a job back');
      log.info({ driverId, shipmentId }, 'driver gave an accepted job back');
      return { state: GIVEN_BACK, refund: euros(refund.cents) };
    },

    /**
     * Staff refund part or all of the money a job still holds (a reported problem they settled;
     * `npm run admin -- money refund`). Never more than is held and not already on its way back,
     * never after it went to the driver; rounded up to an amount a credit note states exactly.
     * What was refunded, in cents, or why not.
     */
    async staffRefund(shipmentId: number, cents: number, key?: string): Promise<StaffRefundOutcome> {
      const claimed = await shipments.withJob(shipmentId, async (_job, trx): Promise<Exclude<StaffRefundOutcome, { refunded: number }> | { id: number; amount: number }> => {
        // A refund under its own key (a problem's decision) is claimed once, however often it is asked for.
        const prior = key ? await refunds.bySource(trx, key) : undefined;
        if (prior) return { id: prior.id, amount: prior.amountCents };
        const f = (await settlement.facts(trx, shipmentId))!;
        if (f.paymentId === null) return { refused: 'no_payment' };
        if (f.released) return { refused: 'released' };
        if (f.availableCents <= 0) return { refused: 'nothing_held' };
        if (cents > f.availableCents) return { refused: 'too_much' };
        const amount = creditableGross(cents, f.saleVatPercent, f.availableCents);
        const n = await refunds.count(trx, shipmentId);
        const id = await refunds.claim(trx, { sourceKey: key ?? `staff:shipment:${shipmentId}:${n + 1}`, paymentId: f.paymentId, shipmentId, amountCents: amount, reason: 'staff' });
        return { id: id!, amount };
      });
      if ('refused' in claimed) return claimed;
      const outcome = await refunds.settle(claimed.id);
      log.info({ shipmentId, cents: claimed.amount, outcome }, 'staff refund');
      return { refunded: outcome === 'failed' ? 0 : claimed.amount };
    },

    /** How often a driver gave accepted jobs back (for staff), in all and in the last 90 days. */
    driverCancellations: (driverId: number) => repo.driverCancellationCount(db, driverId, new Date(now().getTime() - 90 * 86_400_000)),
  };
}

export type CancellationsService = ReturnType<typeof cancellationsService>;
