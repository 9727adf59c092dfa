import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { SupportRequestsTable } from '../../db/schema.ts';

// Contact requests: kept, and each its own mail job to the support address (claimed like mail_jobs:
// `for update skip locked` and a lease, so one process sends it and a crash retries it).

export type SupportRequestRow = Selectable<SupportRequestsTable>;

export async function insert(db: Executor, row: Insertable<SupportRequestsTable>): Promise<number> {
  const { id } = await db.insertInto('supportRequests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Due requests, locked and skipping those another process holds. */
export async function lockDue(trx: Executor, now: Date, limit: number): Promise<number[]> {
  const due = await trx.selectFrom('supportRequests').select('id').where('sendAfter', '<=', now).where('sentAt', 'is', null).orderBy('sendAfter').orderBy('id').limit(limit).forUpdate().skipLocked().execute();
  return due.map((d) => d.id);
}

export async function lease(trx: Executor, ids: number[], until: Date): Promise<void> {
  await trx.updateTable('supportRequests').set({ sendAfter: until }).where('id', 'in', ids).execute();
}

export async function byIds(db: Executor, ids: number[]): Promise<SupportRequestRow[]> {
  return db.selectFrom('supportRequests').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function markSent(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('supportRequests').set({ sentAt: now, lastError: null }).where('id', '=', id).execute();
}

/** A failed attempt: tried again at `sendAfter`, or never (`sendAfter` null keeps it, unsent, for staff to find). */
export async function failed(db: Executor, id: number, attempts: number, error: string, sendAfter: Date): Promise<void> {
  await db.updateTable('supportRequests').set({ attempts, lastError: error.slice(0, 1000), sendAfter }).where('id', '=', id).execute();
}
