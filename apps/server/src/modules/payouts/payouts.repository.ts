import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Issue 22 part 3, payouts (decision 0031): all SQL of the module. Reads the drivers' payable
// balances from the ledger's tables and their IBAN and name from the accounts' (read only).

export type PayoutCandidate = { driverId: number; cents: number; iban: string; name: string; email: string };
export type PayoutRow = { id: number; driverId: number; amountCents: number; iban: string; providerRef: string | null; status: 'claimed' | 'pending' | 'paid' | 'failed'; createdAt: Date };

/**
 * Drivers to pay now, with what they are owed: on payout day, every driver owed money with no
 * payout yet this week; any day, a driver whose last payout failed and who has since changed their
 * IBAN. Never one with a payout still open.
 */
export async function candidates(db: Executor, q: { payoutDay: boolean; weekStart: Date; limit: number }): Promise<PayoutCandidate[]> {
  const { rows } = await sql<PayoutCandidate>`
    with payable as (
      select a.user_id as driver_id, (-sum(e.amount_cents))::int8 as cents
      from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.kind = 'driver_payable' and a.user_id is not null
        and (${q.payoutDay} or a.user_id in (
          select o.driver_id from payouts o join driver_profiles dp on dp.user_id = o.driver_id
          where o.status = 'failed' and o.iban <> dp.iban and o.id = (select max(x.id) from payouts x where x.driver_id = o.driver_id)))
      group by a.user_id
      having -sum(e.amount_cents) > 0
    )
    select p.driver_id, p.cents, dp.iban, u.first_name || ' ' || u.last_name as name, u.email
    from payable p
    join driver_profiles dp on dp.user_id = p.driver_id
    join users u on u.id = p.driver_id
    where not exists (select 1 from payouts o where o.driver_id = p.driver_id and o.status in ('claimed', 'pending'))
      and (
        (${q.payoutDay} and not exists (select 1 from payouts o where o.driver_id = p.driver_id and o.created_at >= ${q.weekStart}))
        or exists (select 1 from payouts o where o.driver_id = p.driver_id and o.status = 'failed' and o.iban <> dp.iban
                   and o.id = (select max(x.id) from payouts x where x.driver_id = p.driver_id))
      )
    order by p.driver_id
    limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

/** Claims a payout (one open per driver, by a unique index); null when one is open already. */
export async function claim(trx: Executor, p: { driverId: number; amountCents: number; iban: string; provider: string; now: Date }): Promise<number | null> {
  const row = await trx
    .insertInto('payouts')
    .values({ driverId: p.driverId, amountCents: p.amountCents, iban: p.iban, provider: p.provider, providerRef: null, status: 'claimed', failureReason: null, createdAt: p.now, updatedAt: p.now })
    .onConflict((oc) => oc.column('driverId').where('status', 'in', ['claimed', 'pending']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Checked in the claim's transaction, after the claim holds the driver's one open slot: what the
 * driver is owed now, and whether another payout (not failed) was made this week. The candidates
 * were read before, and another process may have paid the driver since.
 */
export async function afterClaim(trx: Executor, q: { driverId: number; claimId: number; weekStart: Date }): Promise<{ payableCents: number; otherThisWeek: boolean }> {
  const { rows } = await sql<{ payable: string | number; other: boolean }>`
    select
      coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                where a.kind = 'driver_payable' and a.user_id = ${q.driverId}), 0)::int8 as payable,
      exists (select 1 from payouts o where o.driver_id = ${q.driverId} and o.id <> ${q.claimId} and o.status <> 'failed' and o.created_at >= ${q.weekStart}) as other`.execute(trx);
  return { payableCents: Number(rows[0]!.payable), otherThisWeek: Boolean(rows[0]!.other) };
}

/** Gives up a claim in its own transaction (nothing was sent and nothing posted). */
export async function unclaim(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('payouts').where('id', '=', id).where('status', '=', 'claimed').execute();
}

/** What a payout is made of: the driver's credits (releases, fee shares) since their last payout that went out, per shipment. */
export async function creditsSinceLastPayout(db: Executor, driverId: number, before: Date): Promise<{ reference: string; amountCents: number }[]> {
  const { rows } = await sql<{ reference: string | null; cents: number }>`
    select s.reference_id as reference, (-sum(e.amount_cents))::int8 as cents
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    left join shipments s on s.id = t.shipment_id
    where a.kind = 'driver_payable' and a.user_id = ${driverId} and t.kind in ('release', 'cancellation_fee')
      and e.created_at <= ${before}
      and e.created_at > coalesce((select max(o.created_at) from payouts o where o.driver_id = ${driverId} and o.status in ('pending', 'paid')), '-infinity'::timestamptz)
    group by s.reference_id
    order by s.reference_id`.execute(db);
  return rows.map((r) => ({ reference: r.reference ?? 'balance', amountCents: Number(r.cents) }));
}

export async function markPending(db: Executor, id: number, providerRef: string, now: Date): Promise<void> {
  await db.updateTable('payouts').set({ status: 'pending', providerRef, updatedAt: now }).where('id', '=', id).where('status', '=', 'claimed').execute();
}

/** Settles a pending payout once; false when another run settled it first. */
export async function settle(trx: Executor, id: number, status: 'paid' | 'failed', reason: string | null, now: Date): Promise<boolean> {
  const res = await trx.updateTable('payouts').set({ status, failureReason: reason, updatedAt: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Payouts still open: claimed before `claimedBefore` (a run that died before the provider answered) or pending. */
export async function open(db: Executor, claimedBefore: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('payouts')
    .select(['id', 'driverId', 'amountCents', 'iban', 'providerRef', 'status', 'createdAt'])
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'claimed'), eb('createdAt', '<', claimedBefore)])]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function find(db: Executor, id: number): Promise<PayoutRow | null> {
  return (await db.selectFrom('payouts').select(['id', 'driverId', 'amountCents', 'iban', 'providerRef', 'status', 'createdAt']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The provider's account for a driver, if made before. */
export async function payeeOf(db: Executor, driverId: number, provider: string): Promise<string | null> {
  return (await db.selectFrom('payees').select('payeeId').where('driverId', '=', driverId).where('provider', '=', provider).executeTakeFirst())?.payeeId ?? null;
}

export async function savePayee(db: Executor, p: { driverId: number; provider: string; payeeId: string; onboardingUrl: string | null; now: Date }): Promise<void> {
  await db
    .insertInto('payees')
    .values({ driverId: p.driverId, provider: p.provider, payeeId: p.payeeId, onboardingUrl: p.onboardingUrl, createdAt: p.now })
    .onConflict((oc) => oc.columns(['driverId', 'provider']).doNothing())
    .execute();
}

/** The payout the provider knows by this id (what pay() returned). */
export async function findByProviderRef(db: Executor, providerRef: string): Promise<PayoutRow | null> {
  return (await db.selectFrom('payouts').select(['id', 'driverId', 'amountCents', 'iban', 'providerRef', 'status', 'createdAt']).where('providerRef', '=', providerRef).executeTakeFirst()) ?? null;
}

/** Records a webhook event id; false when it was seen before (a replay or a duplicate delivery). */
export async function recordEvent(db: Executor, id: string, type: string, now: Date): Promise<boolean> {
  const row = await db.insertInto('payoutEvents').values({ id, type, receivedAt: now }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return Boolean(row);
}

export async function forgetEvent(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('payoutEvents').where('id', '=', id).execute();
}

/** The driver's account at the provider and the onboarding page it asked them to finish, if any. */
export async function payeeSetup(db: Executor, driverId: number, provider: string): Promise<{ payeeId: string; onboardingUrl: string | null } | null> {
  return (await db.selectFrom('payees').select(['payeeId', 'onboardingUrl']).where('driverId', '=', driverId).where('provider', '=', provider).executeTakeFirst()) ?? null;
}

export type OpsPayoutRow = {
  id: number;
  driverId: number;
  driverName: string;
  driverEmail: string;
  amountCents: number;
  iban: string;
  status: 'claimed' | 'pending' | 'paid' | 'failed';
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Issue 23: payouts of these statuses for finance staff, newest first, with the driver's name. */
export async function listForStaff(db: Executor, statuses: readonly ('claimed' | 'pending' | 'paid' | 'failed')[], limit: number): Promise<OpsPayoutRow[]> {
  const rows = await db
    .selectFrom('payouts as o')
    .innerJoin('users as u', 'u.id', 'o.driverId')
    .select(['o.id', 'o.driverId', 'u.firstName', 'u.lastName', 'u.email as driverEmail', 'o.amountCents', 'o.iban', 'o.status', 'o.failureReason', 'o.createdAt', 'o.updatedAt'])
    .where('o.status', 'in', statuses)
    .orderBy('o.updatedAt', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ firstName, lastName, ...r }) => ({ ...r, driverName: `${firstName} ${lastName}`.trim() }));
}
