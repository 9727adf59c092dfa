import { cancellationBoundaries, cancellationOutcome, type CancellationQuote, creditableGross, formatEuro, LADDER_STATES, type Locale, localeTagOf, type ShipmentRead, splitCancellationFee, translate } from '@vm/domain';
import { type PaymentProvider, RefundError } from '../../adapters/payments/payment-provider.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import * as repo from './cancellations.repository.ts';

// Issue 22 part 4: cancelling after acceptance, by the published ladder (packages/domain
// cancellation.ts). The sender cancels until the goods are on board: the request names the fee
// they were shown, and the fee is kept (most of it for the driver, booked now) while the rest is
// refunded. A driver gives an accepted job back: it returns to `new` with the other offers open,
// the sender is refunded in full and told, and staff see the count. Refunds are claimed with the
// cancellation, then made through the payment provider under the refund's own key (an invoice
// payment is settled against what the sender owes instead); the ledger moves the money once the
// refund succeeded and the invoices module writes the credit note.

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'get' | 'recordStateChanged'>;
  ledger: LedgerService;
  events: EventsService;
  provider: PaymentProvider;
  now: () => Date;
  log: Log;
  /** After a refund succeeded (its credit note is written then). */
  afterRefund?: () => void;
};

const REFUND_BATCH = 100;

/** 409 whose message names the fee (in the caller's language), so nobody pays a fee they did not see; the body carries it too. */
const feeError = (code: 'cancellation_fee_required' | 'cancellation_fee_changed', feeCents: number, refundCents: number, lang: Locale) =>
  new ApiError(409, 'conflict', translate(code, lang).replace('{fee}', formatEuro(feeCents, localeTagOf(lang))), {}, { code, fee: euros(feeCents), refund: euros(refundCents) });
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const euros = (cents: number) => cents / 100;
/** The VAT inside an amount with VAT at this rate. */
const vatIn = (gross: number, percent: number) => gross - Math.round((gross * 100) / (100 + percent));

/**
 * What cancelling costs the sender now, in cents. The refund is rounded up to an amount a credit note can
 * state exactly (net + its VAT rounded once): the sender never pays more than the ladder's fee.
 */
function priced(j: repo.JobMoney, now: Date) {
  const charged = j.amountCents ?? 0;
  const outcome = cancellationOutcome({ now: seconds(now), state: j.state, pickup_date_from: seconds(j.pickupDateFrom), pickup_timezone: j.pickupTimezone, price_cents: charged, by: 'sender' });
  const refund = outcome.allowed && outcome.refund_cents > 0 ? creditableGross(outcome.refund_cents, j.vatPercent ?? 0, charged) : 0;
  const fee = outcome.allowed ? charged - refund : 0;
  return { outcome, charged, refund, fee, ...splitCancellationFee(fee) };
}

export function cancellationsService({ db, shipments, ledger, events, provider, now, log, afterRefund }: Deps) {
  /** Makes one claimed refund at the provider and books it; a provider that is down leaves it for the next run. */
  async function settle(id: number): Promise<'succeeded' | 'failed' | 'pending'> {
    const r = await repo.refund(db, id);
    if (!r) return 'failed';
    let providerRef: string | null = null;
    if (r.method !== 'invoice') {
      try {
        const done = await provider.refund({ paymentRef: r.providerRef!, amountCents: r.amountCents, reason: r.reason, idempotencyKey: `refund-${r.id}` });
        if (done.status === 'pending') return 'pending';
        if (done.status === 'failed') throw new RefundError('the provider failed the refund', 'refund_failed');
        providerRef = done.id;
      } catch (err) {
        if (!(err instanceof RefundError)) {
          log.warn({ err, refundId: r.id }, 'refund outcome unknown; the next run repeats it with the same key');
          return 'pending';
        }
        await db.transaction().execute((trx) => repo.settleRefund(trx, r.id, 'failed', null, err.message, now()));
        log.error({ refundId: r.id, shipmentId: r.shipmentId, err }, 'the provider refused the refund: staff must pay it back by hand');
        return 'failed';
      }
    }
    const booked = await db.transaction().execute(async (trx) => {
      if (!(await repo.settleRefund(trx, r.id, 'succeeded', providerRef, null, now()))) return false;
      // Card and Bancontact: the money goes back through the provider. Invoice payment: what the
      // sender owes is that much less (if they paid already, staff transfer it back).
      const to = r.method === 'invoice' ? { kind: 'sender_receivable' as const, userId: r.senderId } : { kind: 'provider_clearing' as const };
      await ledger.post(trx, {
        key: `refund:${r.id}`,
        kind: 'refund',
        shipmentId: r.shipmentId,
        memo: `${r.reference} refunded (${r.reason}, payment ${r.paymentId})`,
        lines: [
          { account: { kind: 'held' }, cents: r.amountCents },
          { account: to, cents: -r.amountCents },
        ],
      });
      return true;
    });
    if (booked) afterRefund?.();
    return 'succeeded';
  }

  /** The job as its sender sees it (another sender's is not found), with its money. */
  async function ownJob(senderId: number, shipmentId: number): Promise<repo.JobMoney> {
    await shipments.get(senderId, shipmentId, 'nl');
    return (await repo.jobMoney(db, shipmentId))!;
  }

  function quoteOf(j: repo.JobMoney): CancellationQuote {
    const p = priced(j, now());
    const accepted = j.offerId !== null && j.paymentId !== null;
    return {
      allowed: p.outcome.allowed,
      charged: euros(p.charged),
      fee: euros(p.fee),
      refund: euros(p.refund),
      step: p.outcome.step_id,
      next_step_at: p.outcome.next_step_at,
      refusal: p.outcome.refusal,
      boundaries: accepted ? cancellationBoundaries(seconds(j.pickupDateFrom), j.pickupTimezone) : null,
    };
  }

  return {
    /** GET /api/shipment/{id}/cancellation */
    async quote(senderId: number, shipmentId: number): Promise<CancellationQuote> {
      return quoteOf(await ownJob(senderId, shipmentId));
    },

    /**
     * The sender cancels an accepted job for the fee they were shown (`feeEuros`). Without it, or
     * with another amount than the fee now, nothing happens: 409 naming the fee.
     */
    async senderCancel(senderId: number, shipmentId: number, feeEuros: number | undefined, lang: Locale): Promise<ShipmentRead> {
      const seen = await ownJob(senderId, shipmentId);
      if (!LADDER_STATES.includes(seen.state) || seen.paymentId === null) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      const refundId = await db.transaction().execute(async (trx) => {
        const j = (await repo.jobMoney(trx, shipmentId, true))!;
        const p = priced(j, now());
        if (!p.outcome.allowed || !LADDER_STATES.includes(j.state) || j.paymentId === null) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
        if (feeEuros === undefined) throw feeError('cancellation_fee_required', p.fee, p.refund, lang);
        if (Math.round(feeEuros * 100) !== p.fee) throw feeError('cancellation_fee_changed', p.fee, p.refund, lang);
        const at = now();
        if (!(await repo.moveState(trx, shipmentId, j.state, 'cancelled', at, false))) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
        await shipments.recordStateChanged(trx, shipmentId, 'cancelled');
        if (p.fee > 0) {
          // The fee stays: VAT on it is owed, most of it is the driver's, the platform keeps the rest.
          const vat = vatIn(p.fee, j.vatPercent ?? 0);
          await ledger.post(trx, {
            key: `cancellation_fee:shipment:${shipmentId}`,
            kind: 'cancellation_fee',
            shipmentId,
            memo: `${j.reference} cancelled by the sender: fee ${p.fee} cents (${p.outcome.step_id})`,
            lines: [
              { account: { kind: 'held' }, cents: p.fee },
              { account: { kind: 'vat_payable' }, cents: -vat },
              { account: { kind: 'driver_payable', userId: j.driverId! }, cents: -p.driver_share_cents },
              { account: { kind: 'revenue_cancellation' }, cents: -(p.fee - vat - p.driver_share_cents) },
            ],
          });
        }
        await events.record(trx, [{ userId: j.driverId!, type: 'shipment.cancelled', shipmentId, payload: { reference: j.reference, fee_share: euros(p.driver_share_cents) } }]);
        if (p.refund === 0) return null;
        return repo.claimRefund(trx, { sourceKey: `cancel:shipment:${shipmentId}`, paymentId: j.paymentId, shipmentId, amountCents: p.refund, reason: 'sender_cancelled', status: 'pending', providerRef: null, failureReason: null, createdAt: at, updatedAt: at });
      });
      if (refundId !== null) await settle(refundId).catch((err: unknown) => log.error({ err, refundId }, 'refund after cancelling failed; the job retries it'));
      return shipments.get(senderId, shipmentId, lang);
    },

    /** POST /api/driver/shipment/{id}/cancel: the job goes back to `new`, the sender is refunded in full and told. */
    async driverCancel(driverId: number, shipmentId: number, reason: string): Promise<{ state: 'new'; refund: number }> {
      const refund = await db.transaction().execute(async (trx) => {
        const j = await repo.jobMoney(trx, shipmentId, true);
        // Only the job's own driver may give it back; to anyone else it does not exist.
        if (!j || j.driverId !== driverId || j.offerId === null) throw notFound();
        if (!LADDER_STATES.includes(j.state)) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
        const at = now();
        if (!(await repo.moveState(trx, shipmentId, j.state, 'new', at, true))) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
        await repo.withdrawOffer(trx, j.offerId, at);
        await repo.recordDriverCancellation(trx, { driverId, shipmentId, reason, createdAt: at });
        await shipments.recordStateChanged(trx, shipmentId, 'new');
        const charged = j.amountCents ?? 0;
        await events.record(trx, [{ userId: j.senderId, type: 'shipment.driver_cancelled', shipmentId, payload: { reference: j.reference, driver_name: j.driverName ?? '', refund: euros(charged) } }]);
        if (j.paymentId === null || charged === 0) return { id: null, charged };
        await repo.markPaymentRefunded(trx, j.paymentId, at);
        const id = await repo.claimRefund(trx, { sourceKey: `driver_cancel:payment:${j.paymentId}`, paymentId: j.paymentId, shipmentId, amountCents: charged, reason: 'driver_cancelled', status: 'pending', providerRef: null, failureReason: null, createdAt: at, updatedAt: at });
        return { id, charged };
      });
      if (refund.id !== null) await settle(refund.id).catch((err: unknown) => log.error({ err, refundId: refund.id }, 'refund after a driver gave a job back failed; the job retries it'));
      log.info({ driverId, shipmentId }, 'driver gave an accepted job back');
      return { state: 'new', refund: euros(refund.charged) };
    },

    /**
     * Staff refund part or all of the money a job still holds (a reported problem they settled;
     * `npm run admin -- money refund`). Never more than is held, never after it went to the driver;
     * rounded up to an amount a credit note states exactly. What was refunded, in cents, or why not.
     */
    async staffRefund(shipmentId: number, cents: number, key?: string): Promise<{ refunded: number } | { refused: 'no_payment' | 'released' | 'too_much' | 'nothing_held' }> {
      type Refusal = { refused: 'no_payment' | 'released' | 'too_much' | 'nothing_held' };
      const claimed = await db.transaction().execute(async (trx): Promise<Refusal | { id: number; amount: number }> => {
        // A refund under its own key (a problem's decision) is claimed once, however often it is asked for.
        const prior = key ? await repo.refundBySource(trx, key) : undefined;
        if (prior) return { id: prior.id, amount: prior.amountCents };
        const j = await repo.jobMoney(trx, shipmentId, true);
        if (!j || j.paymentId === null) return { refused: 'no_payment' };
        if (await ledger.hasMovement(shipmentId, 'release', trx)) return { refused: 'released' };
        const held = await ledger.heldFor(shipmentId, trx);
        if (held <= 0) return { refused: 'nothing_held' };
        if (cents > held) return { refused: 'too_much' };
        const amount = creditableGross(cents, j.vatPercent ?? 0, held);
        const at = now();
        const n = await repo.refundCount(trx, shipmentId);
        const id = await repo.claimRefund(trx, { sourceKey: key ?? `staff:shipment:${shipmentId}:${n + 1}`, paymentId: j.paymentId, shipmentId, amountCents: amount, reason: 'staff', status: 'pending', providerRef: null, failureReason: null, createdAt: at, updatedAt: at });
        return { id: id!, amount };
      });
      if ('refused' in claimed) return claimed;
      const outcome = await settle(claimed.id);
      log.info({ shipmentId, cents: claimed.amount, outcome }, 'staff refund');
      return { refunded: outcome === 'failed' ? 0 : claimed.amount };
    },

    /** The scheduled run: refunds a provider could not take yet, with their own keys. */
    async settlePending(): Promise<number> {
      let done = 0;
      for (const r of await repo.pendingRefunds(db, REFUND_BATCH)) if ((await settle(r.id)) !== 'pending') done++;
      return done;
    },

    /** How often a driver gave accepted jobs back (for staff), in all and in the last 90 days. */
    driverCancellations: (driverId: number) => repo.driverCancellationCount(db, driverId, new Date(now().getTime() - 90 * 86_400_000)),
  };
}

export type CancellationsService = ReturnType<typeof cancellationsService>;
