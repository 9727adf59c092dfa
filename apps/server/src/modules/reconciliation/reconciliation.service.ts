import { methodsWhere } from '@vm/domain';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import * as repo from './reconciliation.repository.ts';

// The ledger against the providers (decision 0038): every payment the payment provider took, every
// refund it made and every payout the payout provider sent is compared with what the ledger booked,
// through the adapters (the sandbox and Stripe alike), and each difference is named. Money the
// provider took for a payment the product gave up (failed, or pending past any recovery) is booked
// and refunded in full, once. `ledger check` prints the differences; the hourly job logs them as
// errors (the operators' alert).

export type DifferenceKind =
  | 'charge_unknown'
  | 'charge_not_booked'
  | 'charge_amount'
  | 'booked_not_at_provider'
  | 'refund_unknown'
  | 'refund_not_booked'
  | 'refund_amount'
  | 'refund_not_at_provider'
  | 'payout_unknown'
  | 'payout_amount'
  | 'payout_not_sent'
  | 'payout_failed_but_sent'
  | 'payment_stuck';

/** A difference between a provider's record and ours, in words for staff, and what was done about it. */
export type Difference = { kind: DifferenceKind; text: string; done: string | null };

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  paymentProvider: Pick<PaymentProvider, 'activity'>;
  payoutProvider: Pick<PayoutProvider, 'sent'>;
  payments: Pick<PaymentsService, 'refundUnbooked' | 'stuckInRecovery'>;
  now: () => Date;
  log: Log;
};

/** A pending payment, refund or payout younger than this may still be settling: not a difference yet. */
const IN_FLIGHT_MS = 2 * 3600_000;
/** The provider's records are read from this long before the window, so a charge booked late is still found. */
const LOOKBACK_MS = 6 * 3600_000;
/** The methods whose money goes through the payment provider (an invoice is paid by transfer). */
const PROVIDER_METHODS = methodsWhere((d) => d.money === 'provider');

const euros = (cents: number) => `€ ${(cents / 100).toFixed(2)}`;

export function reconciliationService({ db, paymentProvider, payoutProvider, payments, now, log }: Deps) {
  const young = (d: Date) => now().getTime() - d.getTime() < IN_FLIGHT_MS;

  async function paymentDifferences(since: Date, activity: Awaited<ReturnType<PaymentProvider['activity']>>): Promise<Difference[]> {
    const found: Difference[] = [];
    const ours = new Map((await repo.payments(db, activity.payments.flatMap((p) => (p.paymentId === null ? [] : [p.paymentId])))).map((p) => [p.id, p]));
    const atProvider = new Set<number>();
    for (const p of activity.payments) {
      const mine = p.paymentId === null ? undefined : ours.get(p.paymentId);
      if (!mine) {
        found.push({ kind: 'charge_unknown', text: `the provider took ${euros(p.amountCents)} (${p.ref}) for no payment of ours`, done: null });
        continue;
      }
      atProvider.add(mine.id);
      if (mine.bookedCents !== null) {
        if (mine.bookedCents !== p.amountCents) found.push({ kind: 'charge_amount', text: `payment ${mine.id} (shipment ${mine.shipmentId}): the provider took ${euros(p.amountCents)}, the ledger booked ${euros(mine.bookedCents)}`, done: null });
        continue;
      }
      // A payment still settling (a 3-D Secure challenge, a bank page, a charge being answered) is booked by its own flow.
      if (mine.status === 'pending' && young(mine.createdAt)) continue;
      const text = `payment ${mine.id} (shipment ${mine.shipmentId}): the provider took ${euros(p.amountCents)} (${p.ref}), the ledger has no charge for it`;
      try {
        const done = await payments.refundUnbooked(mine.id, p.ref);
        found.push({ kind: 'charge_not_booked', text, done: done === 'refunded' ? 'booked and refunded in full' : done === 'booked_before' ? 'booked meanwhile by its payment' : 'not ours to refund' });
      } catch (err) {
        log.warn({ err, paymentId: mine.id }, 'refunding a charge the ledger lacked failed; the next check tries again');
        found.push({ kind: 'charge_not_booked', text, done: 'the refund failed: tried again at the next check' });
      }
    }
    for (const b of await repo.bookedSince(db, since, PROVIDER_METHODS)) {
      if (!atProvider.has(b.id)) found.push({ kind: 'booked_not_at_provider', text: `payment ${b.id}: the ledger booked ${euros(b.bookedCents)} the provider has no payment for (${b.providerRef ?? 'no provider reference'})`, done: null });
    }
    return found;
  }

  async function refundDifferences(since: Date, activity: Awaited<ReturnType<PaymentProvider['activity']>>): Promise<Difference[]> {
    const found: Difference[] = [];
    const ours = new Map((await repo.refunds(db, activity.refunds.flatMap((r) => (r.refundId === null ? [] : [r.refundId])))).map((r) => [r.id, r]));
    const atProvider = new Set<number>();
    for (const r of activity.refunds) {
      const mine = r.refundId === null ? undefined : ours.get(r.refundId);
      if (!mine) {
        found.push({ kind: 'refund_unknown', text: `the provider refunded ${euros(r.amountCents)} (${r.ref}, of ${r.paymentRef}) for no refund of ours`, done: null });
        continue;
      }
      atProvider.add(mine.id);
      if (mine.status === 'pending' && young(mine.updatedAt)) continue;
      if (mine.status !== 'succeeded') found.push({ kind: 'refund_not_booked', text: `refund ${mine.id} (payment ${mine.paymentId}): the provider refunded ${euros(r.amountCents)}, ours is ${mine.status}`, done: null });
      else if (mine.amountCents !== r.amountCents) found.push({ kind: 'refund_amount', text: `refund ${mine.id}: the provider refunded ${euros(r.amountCents)}, the ledger ${euros(mine.amountCents)}`, done: null });
    }
    for (const r of await repo.refundedSince(db, since, PROVIDER_METHODS)) {
      if (!atProvider.has(r.id)) found.push({ kind: 'refund_not_at_provider', text: `refund ${r.id}: the ledger moved ${euros(r.amountCents)} back the provider did not refund`, done: null });
    }
    return found;
  }

  async function payoutDifferences(since: Date, lookback: Date): Promise<Difference[]> {
    const found: Difference[] = [];
    const sent = new Map((await payoutProvider.sent(lookback)).map((s) => [s.payoutId, s.amountCents]));
    const ours = new Map((await repo.payouts(db, since, [...sent.keys()])).map((p) => [p.id, p]));
    for (const [id, cents] of sent) {
      const mine = ours.get(id);
      if (!mine) found.push({ kind: 'payout_unknown', text: `the provider sent ${euros(cents)} for payout ${id}, which is not ours`, done: null });
      else if (mine.status === 'failed') found.push({ kind: 'payout_failed_but_sent', text: `payout ${id} failed here, but the provider sent ${euros(cents)}`, done: null });
      else if (mine.amountCents !== cents) found.push({ kind: 'payout_amount', text: `payout ${id}: the provider sent ${euros(cents)}, the ledger ${euros(mine.amountCents)}`, done: null });
    }
    for (const p of ours.values()) {
      // A claim not sent yet, or sent a moment ago, is the payout job's.
      if ((p.status === 'paid' || (p.status === 'pending' && !young(p.createdAt))) && !sent.has(p.id) && p.createdAt >= since) {
        found.push({ kind: 'payout_not_sent', text: `payout ${p.id} of ${euros(p.amountCents)} is ${p.status} here, the provider sent nothing for it`, done: null });
      }
    }
    return found;
  }

  return {
    /** Compares what the providers hold since `since` with the ledger, refunds what the ledger lacks, and names every difference. */
    async reconcile(since: Date): Promise<Difference[]> {
      const lookback = new Date(since.getTime() - LOOKBACK_MS);
      const charges = await paymentDifferences(since, await paymentProvider.activity(lookback));
      // Read again after it: the charges step may have refunded what the ledger lacked.
      const refunds = await refundDifferences(since, await paymentProvider.activity(lookback));
      const stuck = (await payments.stuckInRecovery()).map(
        (p): Difference => ({ kind: 'payment_stuck', text: `payment ${p.id} (shipment ${p.shipmentId}) is still pending: its recovery failed ${p.failures} times (${p.error ?? 'no reason kept'})`, done: null }),
      );
      return [...charges, ...refunds, ...(await payoutDifferences(since, lookback)), ...stuck];
    },

    /** The hourly check: the last two days, each difference logged as an error (the operators' alert). */
    async reconcileAndLog(): Promise<Difference[]> {
      const found = await this.reconcile(new Date(now().getTime() - 2 * 86_400_000));
      for (const d of found) log.error({ difference: d }, `the ledger and a provider differ: ${d.text}${d.done ? ` (${d.done})` : ''}`);
      return found;
    },
  };
}

export type ReconciliationService = ReturnType<typeof reconciliationService>;
