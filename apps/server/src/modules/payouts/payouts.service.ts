import { type OpsPayoutRead, type OpsPayoutStatus, payoutWeek } from '@vm/domain';
import type { PayoutEvent, PayoutProvider } from '../../adapters/payouts/payout-provider.ts';
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './payouts.repository.ts';

// Issue 22 part 3, weekly payouts (decision 0031). Every Monday (Belgian time) each driver owed
// money gets one payout of everything released to them; a failed payout returns the money to the
// driver's payable and is tried again as soon as the driver changes their IBAN. Safe against a
// crash at any point and against two processes: the payout is claimed in the database (one open
// per driver) together with its ledger movement before the provider is called with the payout's
// own idempotency key; a claim left behind is sent again with the same key; settling is a
// conditional update plus a ledger movement with its own key, in one transaction.

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = { db: Db; ledger: LedgerService; provider: PayoutProvider; now: () => Date; log: Log };

/** Payouts made or settled per run; the next run takes the rest. */
const BATCH = 200;
/** A claim older than this with no provider answer is sent again (same key: never a second payout). */
const STALE_CLAIM_MS = 60_000;
/** Payouts listed for staff at once. */
const STAFF_LIST_LIMIT = 500;

const idempotencyKey = (id: number) => `payout-${id}`;

export function payoutsService({ db, ledger, provider, now, log }: Deps) {
  /** The driver's account at the provider, made once; null while it cannot receive money (Stripe onboarding not finished). */
  async function payee(d: { driverId: number; iban: string; name: string; email: string }): Promise<string | null> {
    let payeeId = await repo.payeeOf(db, d.driverId, provider.name);
    if (!payeeId) {
      const made = await provider.payee({ userId: d.driverId, name: d.name, email: d.email, iban: d.iban }, `payee-${provider.name}-${d.driverId}`);
      await repo.savePayee(db, { driverId: d.driverId, provider: provider.name, payeeId: made.payeeId, onboardingUrl: made.onboardingUrl, now: now() });
      payeeId = made.payeeId;
    }
    return !provider.payoutsEnabled || (await provider.payoutsEnabled(payeeId)) ? payeeId : null;
  }

  /** Sends a claimed payout to the provider (again, after a crash: the key makes it the same payout). */
  async function send(p: { id: number; driverId: number; amountCents: number; iban: string; createdAt: Date }, payeeId: string): Promise<void> {
    const shipments = await repo.creditsSinceLastPayout(db, p.driverId, p.createdAt);
    const covered = shipments.reduce((s, x) => s + x.amountCents, 0);
    // What the releases add up to is the payable; if not (money moved by hand), the rest goes as one line.
    if (covered !== p.amountCents) shipments.push({ reference: 'balance', amountCents: p.amountCents - covered });
    const sent = await provider.pay(
      { payeeId, iban: p.iban, amountCents: p.amountCents, currency: 'eur', reference: `Vrachtmarkt payout ${p.id}`, shipments: shipments.filter((x) => x.amountCents > 0) },
      idempotencyKey(p.id),
    );
    await repo.markPending(db, p.id, sent.id, now());
  }

  /** Asks the provider where a pending payout is, and settles it once: paid, or failed with the money back to the driver. */
  async function settle(p: repo.PayoutRow): Promise<void> {
    if (!p.providerRef) return;
    const { status, failureReason } = await provider.status(p.providerRef);
    if (status === 'pending') return;
    await settleAs(p, status, failureReason);
  }

  /**
   * Settles a pending payout once, whoever asks (the job's poll, a webhook, another process): the
   * conditional update lets one through, and the ledger movement has its own key. A settled payout
   * never moves again (a late or replayed event finds it settled). False when it was not pending.
   */
  async function settleAs(p: repo.PayoutRow, status: 'paid' | 'failed', failureReason: string | null): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.settle(trx, p.id, status, failureReason, now()))) return false;
      await ledger.post(
        trx,
        status === 'paid'
          ? { key: `payout-paid:${p.id}`, kind: 'payout_paid', shipmentId: null, memo: `payout ${p.id} paid to driver ${p.driverId}`, lines: [{ account: { kind: 'payouts_in_transit' }, cents: p.amountCents }, { account: { kind: 'provider_clearing' }, cents: -p.amountCents }] }
          : {
              key: `payout-failed:${p.id}`,
              kind: 'payout_failed',
              shipmentId: null,
              memo: `payout ${p.id} to driver ${p.driverId} failed: ${failureReason ?? 'no reason given'}`,
              lines: [{ account: { kind: 'payouts_in_transit' }, cents: p.amountCents }, { account: { kind: 'driver_payable', userId: p.driverId }, cents: -p.amountCents }],
            },
      );
      return true;
    });
  }

  return {
    /** Issue 23: payouts of a status for finance staff (pending: claimed or at the provider), newest first; the IBAN's last four characters only. */
    async listForStaff(status: OpsPayoutStatus): Promise<OpsPayoutRead[]> {
      const rows = await repo.listForStaff(db, status === 'pending' ? ['claimed', 'pending'] : [status], STAFF_LIST_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        driver: { id: r.driverId, name: r.driverName, email: r.driverEmail },
        amount: r.amountCents / 100,
        iban_last4: r.iban.replace(/\s/g, '').slice(-4),
        status: r.status,
        failure_reason: r.failureReason,
        created_at: Math.floor(r.createdAt.getTime() / 1000),
        updated_at: Math.floor(r.updatedAt.getTime() / 1000),
      }));
    },

    /**
     * Where the driver finishes setting up payouts at the provider (Stripe's hosted onboarding),
     * while the provider asked for it and cannot pay them yet; null otherwise. A provider that does
     * not answer shows the link (finishing twice does no harm; not knowing it is needed does).
     */
    async payoutSetup(driverId: number): Promise<{ url: string } | null> {
      const p = await repo.payeeSetup(db, driverId, provider.name);
      if (!p?.onboardingUrl) return null;
      if (provider.payoutsEnabled) {
        try {
          if (await provider.payoutsEnabled(p.payeeId)) return null;
        } catch (err) {
          log.warn({ driverId, err: err instanceof Error ? err.message : String(err) }, 'payout provider did not say whether payouts are enabled');
        }
      }
      return { url: p.onboardingUrl };
    },

    /**
     * The payout job's run (every few minutes, across processes): settles open payouts, sends
     * claims a crash left behind, and on payout day (or after an IBAN change that follows a failure)
     * claims and sends new ones; `offCycle` (staff's command) pays everyone owed now, any day. How many payouts it made.
     */
    async run({ offCycle = false }: { offCycle?: boolean } = {}): Promise<number> {
      const at = now();
      for (const p of await repo.open(db, new Date(at.getTime() - STALE_CLAIM_MS), BATCH)) {
        try {
          if (p.status === 'pending') await settle(p);
          else {
            const payeeId = await repo.payeeOf(db, p.driverId, provider.name);
            if (payeeId) await send(p, payeeId);
          }
        } catch (err) {
          log.warn({ payoutId: p.id, err: err instanceof Error ? err.message : String(err) }, 'payout not settled or sent; tried again next run');
        }
      }
      // Off-cycle (staff's "pay out now"): everyone owed money is paid now, whatever the day.
      const week = offCycle ? { payoutDay: true, weekStart: at } : payoutWeek(at);
      let made = 0;
      for (const c of await repo.candidates(db, { payoutDay: week.payoutDay, weekStart: week.weekStart, limit: BATCH })) {
        let payeeId: string | null;
        try {
          payeeId = await payee(c);
        } catch (err) {
          log.warn({ driverId: c.driverId, err: err instanceof Error ? err.message : String(err) }, 'payee not made; tried again next run');
          continue;
        }
        // Not ready to receive (onboarding at the provider not finished): the money stays owed to them.
        if (!payeeId) continue;
        const id = await db.transaction().execute(async (trx) => {
          const claimed = await repo.claim(trx, { driverId: c.driverId, amountCents: c.cents, iban: c.iban, provider: provider.name, now: at });
          if (claimed === null) return null;
          // The candidates were read before this claim (and before the provider calls above): another
          // process may have paid this driver meanwhile. With the driver's one open claim held, what
          // is owed now and this week's payouts decide; else the claim goes and nothing is sent.
          const owed = await repo.afterClaim(trx, { driverId: c.driverId, claimId: claimed, weekStart: week.weekStart });
          if (owed.otherThisWeek || owed.payableCents < c.cents) {
            await repo.unclaim(trx, claimed);
            return null;
          }
          await ledger.post(trx, {
            key: `payout:${claimed}`,
            kind: 'payout',
            shipmentId: null,
            memo: `payout ${claimed} to driver ${c.driverId}`,
            lines: [{ account: { kind: 'driver_payable', userId: c.driverId }, cents: c.cents }, { account: { kind: 'payouts_in_transit' }, cents: -c.cents }],
          });
          return claimed;
        });
        if (id === null) continue;
        made++;
        try {
          await send({ id, driverId: c.driverId, amountCents: c.cents, iban: c.iban, createdAt: at }, payeeId);
        } catch (err) {
          // The claim stays; the next run sends it again with the same key.
          log.warn({ payoutId: id, err: err instanceof Error ? err.message : String(err) }, 'payout claimed but not sent; tried again next run');
        }
      }
      return made;
    },

    /**
     * A verified payout webhook event, applied once: its id is recorded first (a replay or a
     * duplicate delivery answers 'duplicate'); if applying fails the record is removed so the
     * provider's retry applies it. Order does not matter: only a pending payout is settled, so a
     * `paid` after `failed` (or the reverse), or a late `pending`, changes nothing. A payout we have
     * not marked sent yet (a process died after the provider's answer) is left to the job, which
     * sends it again with its key and settles it by asking the provider.
     */
    async handleEvent(event: PayoutEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (!(await repo.recordEvent(db, event.id, event.type, now()))) return 'duplicate';
      try {
        const p = event.payout ? await repo.findByProviderRef(db, event.payout.id) : null;
        if (!p || !event.payout || event.payout.status === 'pending') return 'ignored';
        if (p.status === 'paid' && event.payout.status === 'failed') {
          // Stripe: the bank returned a payout after it was paid; the money is back on the driver's
          // connected account, not ours. Staff look at it; the ledger is not rewritten.
          log.error({ payoutId: p.id, eventId: event.id, reason: event.payout.failureReason }, 'payout failed after it was paid: check it at the provider');
          return 'ignored';
        }
        return (await settleAs(p, event.payout.status, event.payout.failureReason)) ? 'applied' : 'ignored';
      } catch (err) {
        await repo.forgetEvent(db, event.id);
        throw err;
      }
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;
