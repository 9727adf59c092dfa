import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DriverDocumentsTable, DriverProfilesTable, VehiclesTable } from '../../db/schema.ts';

// Every function takes the executor first (`db`, or the service's `trx`).

export type DriverProfileRow = Selectable<DriverProfilesTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type DocumentRow = Selectable<DriverDocumentsTable>;
type VehicleValues = Omit<Insertable<VehiclesTable>, 'id' | 'driverId' | 'createdAt' | 'removedAt'>;

export async function insertProfile(db: Executor, row: Insertable<DriverProfilesTable>): Promise<void> {
  await db.insertInto('driverProfiles').values(row).execute();
}

/** A driver staff made (the admin command, the demo drivers) gets their profile, or keeps the one they have. */
export async function upsertProfile(db: Executor, row: Insertable<DriverProfilesTable>): Promise<void> {
  await db
    .insertInto('driverProfiles')
    .values(row)
    .onConflict((oc) => oc.column('userId').doUpdateSet({ status: row.status, refusalReason: null, updatedAt: row.updatedAt }))
    .execute();
}

export async function findProfile(db: Executor, userId: number): Promise<DriverProfileRow | undefined> {
  return db.selectFrom('driverProfiles').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Locks the profile row: asking for verification and staff's decision never cross. */
export async function lockProfile(db: Executor, userId: number): Promise<DriverProfileRow | undefined> {
  return db.selectFrom('driverProfiles').selectAll().where('userId', '=', userId).forUpdate().executeTakeFirst();
}

export async function setStatus(db: Executor, userId: number, values: Pick<Updateable<DriverProfilesTable>, 'status' | 'refusalReason' | 'updatedAt'>): Promise<void> {
  await db.updateTable('driverProfiles').set(values).where('userId', '=', userId).execute();
}

/** Records the driver's acceptance of self-billing once: the first moment stays. False without a profile. */
export async function acceptSelfBilling(db: Executor, userId: number, at: Date): Promise<boolean> {
  const res = await db
    .updateTable('driverProfiles')
    .set((eb) => ({ selfBillingAcceptedAt: eb.fn.coalesce('selfBillingAcceptedAt', eb.val(at)) }))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function vehicles(db: Executor, driverId: number): Promise<VehicleRow[]> {
  return db.selectFrom('vehicles').selectAll().where('driverId', '=', driverId).where('removedAt', 'is', null).orderBy('id').execute();
}

export async function findVehicle(db: Executor, driverId: number, id: number): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('id', '=', id).where('driverId', '=', driverId).where('removedAt', 'is', null).executeTakeFirst();
}

export async function insertVehicle(db: Executor, driverId: number, v: VehicleValues, at: Date): Promise<VehicleRow> {
  return db.insertInto('vehicles').values({ driverId, ...v, createdAt: at }).returningAll().executeTakeFirstOrThrow();
}

export async function updateVehicle(db: Executor, driverId: number, id: number, v: VehicleValues): Promise<VehicleRow | undefined> {
  return db.updateTable('vehicles').set(v).where('id', '=', id).where('driverId', '=', driverId).where('removedAt', 'is', null).returningAll().executeTakeFirst();
}

/** Takes a vehicle out of use; the row stays, since offers name it. */
export async function removeVehicle(db: Executor, driverId: number, id: number, at: Date): Promise<boolean> {
  const res = await db.updateTable('vehicles').set({ removedAt: at }).where('id', '=', id).where('driverId', '=', driverId).where('removedAt', 'is', null).executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Every version the driver uploaded, newest first. */
export async function documents(db: Executor, driverId: number): Promise<DocumentRow[]> {
  return db.selectFrom('driverDocuments').selectAll().where('driverId', '=', driverId).orderBy('uploadedAt', 'desc').orderBy('id', 'desc').execute();
}

export async function findDocument(db: Executor, driverId: number, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('driverDocuments').selectAll().where('id', '=', id).where('driverId', '=', driverId).executeTakeFirst();
}

export async function insertDocument(db: Executor, row: Insertable<DriverDocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('driverDocuments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Staff's decision reaches every version still waiting. */
export async function reviewPending(db: Executor, driverId: number, status: 'accepted' | 'refused', at: Date): Promise<void> {
  await db.updateTable('driverDocuments').set({ status, reviewedAt: at }).where('driverId', '=', driverId).where('status', '=', 'pending').execute();
}

export type QueueRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  kind: 'person' | 'company';
  companyName: string;
  status: DriverProfileRow['status'];
  waitingSince: Date;
  documentsPending: number;
};

/**
 * Drivers staff must look at: those who asked for verification, and approved drivers with a new
 * document (a renewal) waiting; longest waiting first.
 */
export async function queue(db: Executor, limit: number): Promise<QueueRow[]> {
  const pending = db
    .selectFrom('driverDocuments')
    .select(['driverId', sql<number>`count(*)::int`.as('n'), sql<Date>`min(uploaded_at)`.as('since')])
    .where('status', '=', 'pending')
    .groupBy('driverId')
    .as('d');
  return db
    .selectFrom('driverProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .leftJoin(pending, 'd.driverId', 'p.userId')
    .select([
      'p.userId as id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'p.kind',
      'p.companyName',
      'p.status',
      sql<Date>`case when p.status = 'pending' then p.updated_at else coalesce(d.since, p.updated_at) end`.as('waitingSince'),
      sql<number>`coalesce(d.n, 0)::int`.as('documentsPending'),
    ])
    .where((eb) => eb.or([eb('p.status', '=', 'pending'), eb.and([eb('p.status', '=', 'approved'), eb('d.n', '>', 0)])]))
    .orderBy('waitingSince')
    .limit(limit)
    .execute();
}

export async function person(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email', 'cellphone', 'locale']).where('id', '=', userId).where('role', '=', 'driver').executeTakeFirst();
}

/** Accepted documents that expire within the longest notice, with the notices already sent. */
export async function expiringDocuments(db: Executor, until: string) {
  return db
    .selectFrom('driverDocuments as d')
    .select(['d.id', 'd.driverId', 'd.kind', 'd.expires', sql<number[]>`coalesce((select array_agg(n.days) from document_notices n where n.document_id = d.id), '{}')`.as('sent')])
    .where('d.status', '=', 'accepted')
    .where('d.expires', '<=', until)
    // A renewal already accepted makes the older version's expiry no news.
    .where(sql<boolean>`not exists (select 1 from driver_documents r where r.driver_id = d.driver_id and r.kind = d.kind and r.status = 'accepted' and r.expires > d.expires)`)
    .execute();
}

/** Marks a notice sent; false when another process got there first. */
export async function markNotice(db: Executor, documentId: number, days: number, at: Date): Promise<boolean> {
  const row = await db.insertInto('documentNotices').values({ documentId, days, sentAt: at }).onConflict((oc) => oc.doNothing()).returning('documentId').executeTakeFirst();
  return row !== undefined;
}
