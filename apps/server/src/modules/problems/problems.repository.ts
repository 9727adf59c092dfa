import type { InsuranceChoice, ProblemKind, ProblemOutcome } from '@vm/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProblemPhotosTable, ProblemsTable, ProblemStatementsTable } from '../../db/schema.ts';

// Issue 23 part 1: problems, the parties' statements and their photos. The staff case also reads
// the job's own tables (its people, places, packages, payment, states, chat and positions) in one
// place, as the settlement module reads the job's facts: the timeline is a read of what happened.

export type ProblemRow = Selectable<ProblemsTable>;
export type StatementRow = Selectable<ProblemStatementsTable>;
export type PhotoRow = Selectable<ProblemPhotosTable>;

export const byShipment = (db: Executor, shipmentId: number): Promise<ProblemRow | undefined> => db.selectFrom('problems').selectAll().where('shipmentId', '=', shipmentId).executeTakeFirst();
export const byId = (db: Executor, id: number): Promise<ProblemRow | undefined> => db.selectFrom('problems').selectAll().where('id', '=', id).executeTakeFirst();

/** The new problem's id; null when the job has one already (reported at the same moment). */
export async function insertProblem(trx: Executor, row: { shipmentId: number; kind: ProblemKind; packageIds: number[]; reportedAt: Date }): Promise<number | null> {
  const r = await trx
    .insertInto('problems')
    .values({ shipmentId: row.shipmentId, kind: row.kind, packageIds: JSON.stringify(row.packageIds), status: 'open', reportedAt: row.reportedAt })
    .onConflict((oc) => oc.column('shipmentId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/** The statement's id; null when that party stated already. */
export async function insertStatement(trx: Executor, row: Insertable<ProblemStatementsTable>, photos: Omit<Insertable<ProblemPhotosTable>, 'statementId'>[]): Promise<number | null> {
  const r = await trx
    .insertInto('problemStatements')
    .values(row)
    .onConflict((oc) => oc.columns(['problemId', 'party']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!r) return null;
  if (photos.length) await trx.insertInto('problemPhotos').values(photos.map((p) => ({ ...p, statementId: r.id }))).execute();
  return r.id;
}

export async function statements(db: Executor, problemId: number): Promise<{ statements: StatementRow[]; photos: PhotoRow[] }> {
  const rows = await db.selectFrom('problemStatements').selectAll().where('problemId', '=', problemId).orderBy('id').execute();
  const photos = rows.length ? await db.selectFrom('problemPhotos').selectAll().where('statementId', 'in', rows.map((r) => r.id)).orderBy('id').execute() : [];
  return { statements: rows, photos };
}

/** A photo of one of the job's statements, by its file name. */
export async function photoOf(db: Executor, shipmentId: number, file: string): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('problemPhotos as f')
    .innerJoin('problemStatements as st', 'st.id', 'f.statementId')
    .innerJoin('problems as p', 'p.id', 'st.problemId')
    .selectAll('f')
    .where('p.shipmentId', '=', shipmentId)
    .where('f.file', '=', file)
    .executeTakeFirst();
}

export async function packageIds(db: Executor, shipmentId: number): Promise<number[]> {
  return (await db.selectFrom('packages').select('id').where('shipmentId', '=', shipmentId).orderBy('position').execute()).map((r) => r.id);
}

/** The end of the job's delivery window. */
export async function deliveryTill(db: Executor, shipmentId: number): Promise<Date> {
  const r = await db.selectFrom('shipments').select('deliveryDateTill').where('id', '=', shipmentId).executeTakeFirstOrThrow();
  return new Date(r.deliveryDateTill);
}

export async function deliveryConfirmed(db: Executor, shipmentId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('deliveryAnswers').select('shipmentId').where('shipmentId', '=', shipmentId).where('outcome', '=', 'confirmed').executeTakeFirst());
}

/** Staff's decision, once: false when another decided first. */
export async function decide(trx: Executor, id: number, d: { outcome: ProblemOutcome; reason: string; refundCents: number | null; decidedBy: number; decidedAt: Date }): Promise<boolean> {
  const r = await trx.updateTable('problems').set({ status: 'decided', ...d }).where('id', '=', id).where('status', '=', 'open').returning('id').executeTakeFirst();
  return Boolean(r);
}

/** What the decision moved, once (the events go out with the first). */
export async function markSettled(trx: Executor, id: number, s: { refundCents: number; releasedCents: number; settledAt: Date }): Promise<boolean> {
  const r = await trx.updateTable('problems').set(s).where('id', '=', id).where('settledAt', 'is', null).returning('id').executeTakeFirst();
  return Boolean(r);
}

export async function setDriverPrice(trx: Executor, id: number, cents: number): Promise<void> {
  await trx.updateTable('problems').set({ driverPriceCents: cents }).where('id', '=', id).execute();
}

/** Decided problems whose money did not move yet (a process stopped in between). */
export async function unsettled(db: Executor, limit: number): Promise<number[]> {
  return (await db.selectFrom('problems').select('id').where('status', '=', 'decided').where('settledAt', 'is', null).orderBy('id').limit(limit).execute()).map((r) => r.id);
}

export type ProblemListRow = {
  id: number;
  shipmentId: number;
  reference: string;
  kind: ProblemKind;
  status: 'open' | 'decided';
  reportedAt: Date;
  senderName: string;
  driverName: string;
  answered: boolean;
};

export async function list(db: Executor, status: 'open' | 'decided', limit: number): Promise<ProblemListRow[]> {
  const { rows } = await sql<ProblemListRow>`
    select p.id, p.shipment_id, s.reference_id as reference, p.kind, p.status, p.reported_at,
           su.first_name || ' ' || su.last_name as sender_name,
           coalesce(du.first_name || ' ' || du.last_name, '') as driver_name,
           exists (select 1 from problem_statements st where st.problem_id = p.id and st.party = 'driver') as answered
    from problems p
    join shipments s on s.id = p.shipment_id
    join users su on su.id = s.sender_id
    left join offers o on o.id = s.accepted_offer_id
    left join users du on du.id = o.driver_id
    where p.status = ${status}
    order by p.reported_at ${status === 'open' ? sql`asc` : sql`desc`}
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, reportedAt: new Date(r.reportedAt) }));
}

type Person = { id: number; firstName: string; lastName: string; email: string; cellphone: string; company: string | null };
export type CaseFacts = {
  shipmentId: number;
  reference: string;
  state: string;
  insurance: InsuranceChoice;
  pickup: string;
  delivery: string;
  pickupCity: string;
  deliveryCity: string;
  sender: Person;
  driver: Person | null;
  chargedCents: number;
  paymentMethod: string | null;
};

const person = (alias: 'su' | 'du', company: 'sc' | 'dp') =>
  sql`json_build_object('id', ${sql.ref(`${alias}.id`)}, 'firstName', ${sql.ref(`${alias}.first_name`)}, 'lastName', ${sql.ref(`${alias}.last_name`)},
      'email', ${sql.ref(`${alias}.email`)}, 'cellphone', ${sql.ref(`${alias}.cellphone`)}, 'company', ${sql.ref(`${company}.${company === 'sc' ? 'name' : 'company_name'}`)})`;

/** The job's facts a case shows: its people (with their contact details), places and what was paid. */
export async function caseFacts(db: Executor, shipmentId: number): Promise<CaseFacts | null> {
  const { rows } = await sql<CaseFacts & { driver: Person | string | null; sender: Person | string }>`
    select s.id as shipment_id, s.reference_id as reference, s.state, s.insurance,
           concat_ws(' ', s.pickup_street, s.pickup_number, s.pickup_box) || ', ' || s.pickup_zip || ' ' || s.pickup_city as pickup,
           concat_ws(' ', s.delivery_street, s.delivery_number, s.delivery_box) || ', ' || s.delivery_zip || ' ' || s.delivery_city as delivery,
           s.pickup_city, s.delivery_city,
           ${person('su', 'sc')} as sender,
           case when du.id is null then null else ${person('du', 'dp')} end as driver,
           coalesce((select pm.amount_cents from payments pm where pm.shipment_id = s.id and pm.status in ('succeeded', 'refunded') order by pm.id desc limit 1), 0) as charged_cents,
           (select pm.method from payments pm where pm.shipment_id = s.id and pm.status in ('succeeded', 'refunded') order by pm.id desc limit 1) as payment_method
    from shipments s
    join users su on su.id = s.sender_id
    left join companies sc on sc.user_id = su.id
    left join offers o on o.id = s.accepted_offer_id
    left join users du on du.id = o.driver_id
    left join driver_profiles dp on dp.user_id = du.id
    where s.id = ${shipmentId}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const parse = (v: Person | string | null) => (typeof v === 'string' ? (JSON.parse(v) as Person) : v);
  return { ...r, chargedCents: Number(r.chargedCents), sender: parse(r.sender)!, driver: parse(r.driver) };
}

export async function packagesOf(db: Executor, shipmentId: number) {
  return db.selectFrom('packages').select(['id', 'description', 'type']).where('shipmentId', '=', shipmentId).orderBy('position').execute();
}

export async function refundedCents(db: Executor, shipmentId: number): Promise<number> {
  const r = await db.selectFrom('refunds').select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as('n')).where('shipmentId', '=', shipmentId).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function states(db: Executor, shipmentId: number) {
  return db.selectFrom('shipmentStates').select(['state', 'createdAt']).where('shipmentId', '=', shipmentId).orderBy('id').execute();
}

export async function chat(db: Executor, shipmentId: number, limit: number) {
  return db.selectFrom('messages').select(['authorId', 'body', 'createdAt']).where('shipmentId', '=', shipmentId).orderBy('id').limit(limit).execute();
}

export async function positions(db: Executor, shipmentId: number, limit: number) {
  return db.selectFrom('shipmentPositions').select(['lat', 'lng', 'recordedAt']).where('shipmentId', '=', shipmentId).orderBy('recordedAt').limit(limit).execute();
}
