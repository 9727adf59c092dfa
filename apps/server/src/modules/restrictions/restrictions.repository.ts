import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Issue 23 part 2: all SQL of the restrictions module. It owns user_restrictions,
// restriction_contests and restriction_proposals; for the support desk it reads (never writes) the
// users', companies', shipments', offers', payments', invoices' and drivers' cancellations tables,
// each in one query, like settlement reads the jobs it releases.

export type Kind = 'restrict' | 'suspend';
type UserRole = 'sender' | 'driver' | 'admin';

export type RestrictionRow = {
  id: number;
  userId: number;
  userName: string;
  userEmail: string;
  userRole: UserRole;
  kind: Kind;
  reason: string;
  startsAt: Date;
  endsAt: Date | null;
  createdBy: number;
  createdByName: string | null;
  proposalId: number | null;
  liftedAt: Date | null;
  liftedBy: number | null;
  liftedByName: string | null;
  liftReason: string | null;
};
export type ContestRow = { id: number; restrictionId: number; text: string; createdAt: Date };
export type ProposalRow = {
  id: number;
  userId: number;
  userName: string;
  userEmail: string;
  userRole: UserRole;
  kind: Kind;
  signal: 'given_back';
  count: number;
  windowDays: number;
  createdAt: Date;
  status: 'open' | 'accepted' | 'declined';
  decidedAt: Date | null;
  decidedBy: number | null;
  decidedByName: string | null;
  decisionReason: string | null;
  restrictionId: number | null;
};

const restrictions = (db: Executor) =>
  db
    .selectFrom('userRestrictions as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('staff as c', 'c.id', 'r.createdBy')
    .leftJoin('staff as l', 'l.id', 'r.liftedBy')
    .select([
      'r.id',
      'r.userId',
      sql<string>`u.first_name || ' ' || u.last_name`.as('userName'),
      'u.email as userEmail',
      'u.role as userRole',
      'r.kind',
      'r.reason',
      'r.startsAt',
      'r.endsAt',
      'r.createdBy',
      'c.name as createdByName',
      'r.proposalId',
      'r.liftedAt',
      'r.liftedBy',
      'l.name as liftedByName',
      'r.liftReason',
    ]);

/** In force at `at`: begun, not lifted, not ended. */
const inForce = (at: Date) => sql<boolean>`r.starts_at <= ${at} and r.lifted_at is null and (r.ends_at is null or r.ends_at > ${at})`;

export async function restrictionById(db: Executor, id: number): Promise<RestrictionRow | null> {
  return (await restrictions(db).where('r.id', '=', id).executeTakeFirst()) ?? null;
}

export async function restrictionsOf(db: Executor, userId: number): Promise<RestrictionRow[]> {
  return restrictions(db).where('r.userId', '=', userId).orderBy('r.id', 'desc').limit(100).execute();
}

export async function listRestrictions(db: Executor, status: 'active' | 'contested' | 'all', at: Date): Promise<RestrictionRow[]> {
  let q = restrictions(db);
  if (status !== 'all') q = q.where(inForce(at));
  if (status === 'contested') q = q.where(({ exists, selectFrom }) => exists(selectFrom('restrictionContests as k').select('k.id').whereRef('k.restrictionId', '=', 'r.id')));
  return q.orderBy('r.id', 'desc').limit(100).execute();
}

/** The kinds in force for a user at `at`, with the latest end (null: until lifted). */
export async function inForceFor(db: Executor, userId: number, at: Date): Promise<{ kind: Kind; endsAt: Date | null }[]> {
  return db.selectFrom('userRestrictions as r').select(['r.kind', 'r.endsAt']).where('r.userId', '=', userId).where(inForce(at)).execute();
}

export async function insertRestriction(
  db: Executor,
  r: { userId: number; kind: Kind; reason: string; startsAt: Date; endsAt: Date | null; createdBy: number; proposalId: number | null },
): Promise<number> {
  const row = await db.insertInto('userRestrictions').values(r).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Lifts a restriction still in force; false when it was not (lifted or ended meanwhile). */
export async function lift(db: Executor, id: number, by: number, reason: string, at: Date): Promise<boolean> {
  const res = await db
    .updateTable('userRestrictions as r')
    .set({ liftedAt: at, liftedBy: by, liftReason: reason })
    .where('r.id', '=', id)
    .where(inForce(at))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Locks the restriction's row (contests are counted under it). */
export async function lockRestriction(db: Executor, id: number): Promise<{ userId: number } | null> {
  return (await db.selectFrom('userRestrictions').select('userId').where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
}

export async function contestsOf(db: Executor, restrictionIds: number[]): Promise<ContestRow[]> {
  if (restrictionIds.length === 0) return [];
  return db.selectFrom('restrictionContests').selectAll().where('restrictionId', 'in', restrictionIds).orderBy('id').execute();
}

export async function insertContest(db: Executor, c: { restrictionId: number; text: string; createdAt: Date }): Promise<number> {
  return (await db.insertInto('restrictionContests').values(c).returning('id').executeTakeFirstOrThrow()).id;
}

// --- Proposals ---

const proposals = (db: Executor) =>
  db
    .selectFrom('restrictionProposals as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('staff as d', 'd.id', 'p.decidedBy')
    .select([
      'p.id',
      'p.userId',
      sql<string>`u.first_name || ' ' || u.last_name`.as('userName'),
      'u.email as userEmail',
      'u.role as userRole',
      'p.kind',
      'p.signal',
      'p.count',
      'p.windowDays',
      'p.createdAt',
      'p.status',
      'p.decidedAt',
      'p.decidedBy',
      'd.name as decidedByName',
      'p.decisionReason',
      'p.restrictionId',
    ]);

export async function proposalById(db: Executor, id: number, lock = false): Promise<ProposalRow | null> {
  let q = proposals(db).where('p.id', '=', id);
  if (lock) q = q.forUpdate('p');
  return (await q.executeTakeFirst()) ?? null;
}

export async function listProposals(db: Executor, status: 'open' | 'accepted' | 'declined'): Promise<ProposalRow[]> {
  return proposals(db).where('p.status', '=', status).orderBy('p.id', 'desc').limit(100).execute();
}

export async function proposalsOf(db: Executor, userId: number): Promise<ProposalRow[]> {
  return proposals(db).where('p.userId', '=', userId).orderBy('p.id', 'desc').limit(50).execute();
}

/**
 * Drivers who gave back at least `min` accepted jobs since `since`, with no restriction in force, no
 * open proposal, and a give-back newer than their last proposal (a declined proposal is not made
 * again for the same jobs).
 */
export async function givenBackCandidates(db: Executor, since: Date, min: number, at: Date): Promise<{ userId: number; count: number }[]> {
  const rows = await db
    .selectFrom('driverCancellations as c')
    .select(['c.driverId as userId', sql<number>`count(*)::int`.as('count')])
    .where('c.createdAt', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('userRestrictions as r').select('r.id').whereRef('r.userId', '=', 'c.driverId').where(inForce(at)))),
    )
    .groupBy('c.driverId')
    .having(sql<boolean>`count(*) >= ${min}`)
    .having(
      sql<boolean>`max(c.created_at) > coalesce((select max(p.created_at) from restriction_proposals p where p.user_id = c.driver_id), '-infinity'::timestamptz)`,
    )
    .execute();
  return rows.map((r) => ({ userId: r.userId, count: Number(r.count) }));
}

/** A new open proposal; none when one is open already (the unique index). */
export async function insertProposal(db: Executor, p: { userId: number; kind: Kind; count: number; windowDays: number; createdAt: Date }): Promise<boolean> {
  const res = await db
    .insertInto('restrictionProposals')
    .values({ ...p, signal: 'given_back', status: 'open' })
    .onConflict((oc) => oc.column('userId').where('status', '=', 'open').doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

export async function decideProposal(
  db: Executor,
  id: number,
  d: { status: 'accepted' | 'declined'; decidedAt: Date; decidedBy: number; decisionReason: string; restrictionId: number | null },
): Promise<void> {
  await db.updateTable('restrictionProposals').set(d).where('id', '=', id).execute();
}

// --- The support desk: a user's facts and history, and search ---

export type UserFacts = {
  id: number;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  cellphone: string;
  locale: string;
  createdAt: Date;
  companyName: string | null;
  companyVat: string | null;
  companyAddress: string | null;
  companyEmail: string | null;
  invoiceStatus: string | null;
};

export async function userFacts(db: Executor, userId: number): Promise<UserFacts | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.userId', 'u.id')
    .select([
      'u.id',
      'u.role',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.cellphone',
      'u.locale',
      'u.createdAt',
      'c.name as companyName',
      'c.vat as companyVat',
      'c.address as companyAddress',
      'c.email as companyEmail',
      'c.invoiceStatus',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

const HISTORY = 50;

export type ShipmentLine = { id: number; reference: string; state: string; createdAt: Date };
/** A sender's bookings, or the jobs a driver was given (their accepted offer). */
export async function shipmentsOf(db: Executor, userId: number, role: UserRole): Promise<ShipmentLine[]> {
  let q = db.selectFrom('shipments as s').select(['s.id', 's.referenceId as reference', 's.state', 's.createdAt']);
  q =
    role === 'driver'
      ? q.innerJoin('offers as o', 'o.id', 's.acceptedOfferId').where('o.driverId', '=', userId)
      : q.where('s.senderId', '=', userId);
  return q.orderBy('s.id', 'desc').limit(HISTORY).execute();
}

export type OfferLine = { id: number; shipmentId: number; reference: string; priceCents: number; state: string; createdAt: Date };
export async function offersOf(db: Executor, driverId: number): Promise<OfferLine[]> {
  return db
    .selectFrom('offers as o')
    .innerJoin('shipments as s', 's.id', 'o.shipmentId')
    .select(['o.id', 'o.shipmentId', 's.referenceId as reference', 'o.priceCents', 'o.state', 'o.createdAt'])
    .where('o.driverId', '=', driverId)
    .orderBy('o.id', 'desc')
    .limit(HISTORY)
    .execute();
}

export type PaymentLine = { id: number; shipmentId: number; userId: number; providerRef: string | null; amountCents: number; method: string; status: string; createdAt: Date };
const payments = (db: Executor) =>
  db.selectFrom('payments as p').select(['p.id', 'p.shipmentId', 'p.userId', 'p.providerRef', 'p.amountCents', 'p.method', 'p.status', 'p.createdAt']);
export async function paymentsOf(db: Executor, userId: number): Promise<PaymentLine[]> {
  return payments(db).where('p.userId', '=', userId).orderBy('p.id', 'desc').limit(HISTORY).execute();
}

export type InvoiceLine = { id: number; number: string; kind: string; userId: number; shipmentId: number | null; totalCents: number; issueDate: string };
const invoices = (db: Executor) => db.selectFrom('invoices as i').select(['i.id', 'i.number', 'i.kind', 'i.userId', 'i.shipmentId', 'i.totalCents', 'i.issueDate']);
export async function invoicesOf(db: Executor, userId: number): Promise<InvoiceLine[]> {
  return invoices(db).where('i.userId', '=', userId).orderBy('i.id', 'desc').limit(HISTORY).execute();
}

const FOUND = 10;
/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const asId = (q: string): number | null => (/^\d{1,9}$/.test(q) ? Number(q) : null);

export type UserLine = { id: number; role: UserRole; email: string; name: string; cellphone: string; companyName: string | null; vat: string | null };
export async function searchUsers(db: Executor, q: string): Promise<UserLine[]> {
  const like = contains(q);
  const digits = q.replace(/[^\d]/g, '');
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.userId', 'u.id')
    .select(['u.id', 'u.role', 'u.email', sql<string>`u.first_name || ' ' || u.last_name`.as('name'), 'u.cellphone', 'c.name as companyName', 'c.vat as vat'])
    .where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', like),
        eb('c.name', 'ilike', like),
        eb('c.vat', 'ilike', like),
        ...(digits.length >= 4 ? [eb(sql<string>`regexp_replace(u.cellphone, '[^0-9]', '', 'g')`, 'like', `%${digits}%`)] : []),
        ...(asId(q) !== null ? [eb('u.id', '=', asId(q)!)] : []),
      ]),
    )
    .orderBy('u.id', 'desc')
    .limit(FOUND)
    .execute();
}

export type ShipmentFound = { id: number; reference: string; state: string; senderId: number; createdAt: Date };
export async function searchShipments(db: Executor, q: string): Promise<ShipmentFound[]> {
  return db
    .selectFrom('shipments as s')
    .select(['s.id', 's.referenceId as reference', 's.state', 's.senderId', 's.createdAt'])
    .where((eb) => eb.or([eb('s.referenceId', 'ilike', contains(q)), ...(asId(q) !== null ? [eb('s.id', '=', asId(q)!)] : [])]))
    .orderBy('s.id', 'desc')
    .limit(FOUND)
    .execute();
}

export async function searchPayments(db: Executor, q: string): Promise<PaymentLine[]> {
  return payments(db)
    .where((eb) => eb.or([eb('p.providerRef', '=', q), ...(asId(q) !== null ? [eb('p.id', '=', asId(q)!)] : [])]))
    .orderBy('p.id', 'desc')
    .limit(FOUND)
    .execute();
}

export async function searchInvoices(db: Executor, q: string): Promise<InvoiceLine[]> {
  return invoices(db).where('i.number', 'ilike', contains(q)).orderBy('i.id', 'desc').limit(FOUND).execute();
}
