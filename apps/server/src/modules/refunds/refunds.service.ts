import { PAYMENT_METHOD } from '@vm/domain';
import { type PaymentProvider, RefundError } from '../../adapters/payments/payment-provider.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { RefundsTable } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import * as repo from './refunds.repository.ts';

// Refunds (decision 0034), whatever causes them: a cancellation, a driver giving a job back, staff,
// a problem's decision, or a charge the product could not book. The pattern of every provider
// call on a job's money: the refund is claimed under the job's lock (the intent, with its cause),
// the provider is called with the refund's own idempotency key, and the outcome is written under
// the job's lock again, with the ledger's movement. A provider that does not answer leaves it
// pending for the `refunds` job, which sends it again with the same key.

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'withJob'>;
  ledger: Pick<LedgerService, 'post'>;
  provider: PaymentProvider;
  now: () => Date;
  log: Log;
  /** After a refund succeeded (its credit note is written then). */
  afterRefund?: () => void;
};

export type RefundClaim = { sourceKey: string; paymentId: number; shipmentId: number; amountCents: number; reason: RefundsTable['reason'] };
export type RefundOutcome = 'succeeded' | 'failed' | 'pending';

const BATCH = 100;

export function refundsService({ db, shipments, ledger, provider, now, log, afterRefund }: Deps) {
  /** Writes the provider's answer under the job's lock; the ledger moves the money once the refund succeeded. */
  async function finish(r: repo.RefundRow, outcome: { ok: true; providerRef: string | null } | { ok: false; reason: string }): Promise<boolean> {
    return shipments.withJob(r.shipmentId, async (_job, trx) => {
      if (!outcome.ok) return repo.settle(trx, r.id, 'failed', null, outcome.reason, now());
      if (!(await repo.settle(trx, r.id, 'succeeded', outcome.providerRef, null, now()))) return false;
      // Card and Bancontact: the money goes back through the provider. Invoice payment: what the
      // sender owes is that much less (if they paid already, staff transfer it back).
      const to = PAYMENT_METHOD[r.method].money === 'sender' ? { kind: 'sender_receivable' as const, userId: r.senderId } : { kind: 'provider_clearing' as const };
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
  }

  /** Makes one claimed refund at the provider and books it; a provider that is down leaves it for the next run. */
  async function settle(id: number): Promise<RefundOutcome> {
    const r = await repo.find(db, id);
    if (!r) return 'failed';
    if (r.status !== 'pending') return r.status;
    let providerRef: string | null = null;
    // Money with the provider goes back through it; an invoice not paid yet is simply owed less.
    if (PAYMENT_METHOD[r.method].money === 'provider') {
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
        await finish(r, { ok: false, reason: err.message });
        log.error({ refundId: r.id, shipmentId: r.shipmentId, err }, 'the provider refused the refund: staff must pay it back by hand');
        return 'failed';
      }
    }
    if (await finish(r, { ok: true, providerRef })) afterRefund?.();
    return 'succeeded';
  }

  return {
    /** Claims a refund in the caller's transaction (which holds the job's lock); null when its source claimed one before. */
    claim: (trx: Executor, c: RefundClaim): Promise<number | null> => {
      const at = now();
      return repo.claim(trx, { ...c, status: 'pending', providerRef: null, failureReason: null, createdAt: at, updatedAt: at });
    },
    bySource: (trx: Executor, sourceKey: string) => repo.bySource(trx, sourceKey),
    count: (trx: Executor, shipmentId: number) => repo.count(trx, shipmentId),
    /** Of the job's held money, what claimed refunds still waiting for the provider will take (not free to release or refund again). */
    pendingCents: (trx: Executor, shipmentId: number) => repo.pendingCents(trx, shipmentId),
    settle,
    /** The scheduled run: refunds a provider could not take yet, with their own keys. */
    async settlePending(): Promise<number> {
      let done = 0;
      for (const r of await repo.pending(db, BATCH)) if ((await settle(r.id)) !== 'pending') done++;
      return done;
    },
  };
}

export type RefundsService = ReturnType<typeof refundsService>;
