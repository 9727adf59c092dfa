import type { Db, Executor } from '../../db/database.ts';
import type { LedgerAccountKind, LedgerTransactionKind } from '../../db/schema.ts';
import * as repo from './ledger.repository.ts';

// Issue 22, the ledger (decision 0031): every movement of money is one balanced transaction of
// entries, written once by its idempotency key inside the caller's database transaction (so a
// charge is booked with the payment it records, a release with the job it closes). Balances are
// derived. check() lists whatever breaks the invariants; a scheduled job and `npm run admin --
// ledger check` run it.

/** An account: the platform's (no user) or a sender's or driver's own. */
export type AccountRef = { kind: LedgerAccountKind; userId?: number };
/** One line of a movement: cents on an account, a debit positive and a credit negative. */
export type Line = { account: AccountRef; cents: number };
export type Movement = { key: string; kind: LedgerTransactionKind; shipmentId: number | null; memo: string; lines: Line[] };

export type InvariantReport = {
  unbalanced: { transactionId: number; sum: number }[];
  held: { shipmentId: number; held: number; charged: number; paid: number }[];
  negativePayables: { userId: number; payable: number }[];
};
export const reportHolds = (r: InvariantReport) => r.unbalanced.length === 0 && r.held.length === 0 && r.negativePayables.length === 0;

/** A movement the ledger refuses: a programming error, never a client's. */
export class LedgerError extends Error {}

const REPORT_LIMIT = 100;

type Log = { error: (obj: object, msg: string) => void };

export function ledgerService({ db, now, log }: { db: Db; now: () => Date; log: Log }) {
  async function check(): Promise<InvariantReport> {
    const [unbalanced, held, negativePayables] = await Promise.all([repo.unbalanced(db, REPORT_LIMIT), repo.heldMismatches(db, REPORT_LIMIT), repo.negativePayables(db, REPORT_LIMIT)]);
    return { unbalanced, held, negativePayables };
  }

  return {
    /**
     * Writes a movement in the caller's transaction; false when its key was written before (a
     * retry, a replayed webhook, a second process): nothing is written twice. Lines of 0 cents are
     * left out; the rest must be whole cents summing to zero.
     */
    async post(trx: Executor, m: Movement): Promise<boolean> {
      const lines = m.lines.filter((l) => l.cents !== 0);
      if (lines.some((l) => !Number.isSafeInteger(l.cents))) throw new LedgerError(`${m.key}: cents must be whole`);
      if (lines.length < 2) throw new LedgerError(`${m.key}: a movement needs two lines`);
      if (lines.reduce((s, l) => s + l.cents, 0) !== 0) throw new LedgerError(`${m.key}: the lines do not balance`);
      const at = now();
      const id = await repo.insertTransaction(trx, { idempotencyKey: m.key, kind: m.kind, shipmentId: m.shipmentId, memo: m.memo, createdAt: at });
      if (id === null) return false;
      const rows = [];
      for (const l of lines) {
        rows.push({ transactionId: id, accountId: await repo.accountId(trx, l.account.kind, l.account.userId ?? null, at), shipmentId: m.shipmentId, amountCents: l.cents, createdAt: at });
      }
      await repo.insertEntries(trx, rows);
      return true;
    },

    /** An account's balance, debit positive (a liability such as a driver's payable is negative). */
    balance: (ref: AccountRef, executor: Executor = db) => repo.accountSum(executor, ref.kind, ref.userId ?? null),

    /** What the platform holds for a job, in cents (charged minus released and refunded). */
    heldFor: async (shipmentId: number, executor: Executor = db) => 0 - (await repo.shipmentSum(executor, shipmentId, 'held')),

    hasMovement: (shipmentId: number, kind: LedgerTransactionKind, executor: Executor = db) => repo.hasTransaction(executor, shipmentId, kind),

    /** What breaks the invariants (each list at most 100 rows). */
    check,

    /** The scheduled check: a breach is logged as an error (the operators' alert), with what breaks. */
    async checkAndLog(): Promise<void> {
      const report = await check();
      if (!reportHolds(report)) log.error({ ledger: report }, 'ledger invariants broken');
    },
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
