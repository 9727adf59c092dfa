import { PUSH_KINDS, type PushKind, type PushSettings } from '@vm/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PushJobsTable, PushSettingsTable } from '../../db/schema.ts';

// Web Push is a consumer of the events table (ARCHITECTURE "Events"), like mails: it reads the
// events after its own cursor ('push' in event_cursors) and keeps what it has to send in push_jobs.
// Every function takes the executor first (`db`, or the service's `trx`).

export const PUSH_SETTING_COLUMN = {
  new_job: 'newJob',
  offer_result: 'offerResult',
  chat_message: 'chatMessage',
  document_expiring: 'documentExpiring',
  job_problem: 'jobProblem',
} as const satisfies Record<PushKind, keyof PushSettingsTable>;

export type PushSettingsRow = Selectable<PushSettingsTable>;
export type PushEventRow = { id: number; userId: number; type: string; shipmentId: number | null; message: string };
export type DuePushRow = { id: number; kind: PushKind; payload: string; attempts: number; subscriptionId: number; userId: number; endpoint: string; p256dh: string; auth: string };

/** The settings row; none means every kind is on. */
export async function settings(db: Executor, userId: number): Promise<PushSettingsRow | null> {
  return (await db.selectFrom('pushSettings').selectAll().where('userId', '=', userId).executeTakeFirst()) ?? null;
}

export async function saveSettings(db: Executor, userId: number, changes: Partial<PushSettings>): Promise<void> {
  const set: Partial<Record<(typeof PUSH_SETTING_COLUMN)[PushKind], boolean>> = {};
  for (const kind of PUSH_KINDS) {
    const on = changes[kind];
    if (on !== undefined) set[PUSH_SETTING_COLUMN[kind]] = on;
  }
  await db
    .insertInto('pushSettings')
    .values({ userId, ...set })
    .onConflict((oc) => (Object.keys(set).length ? oc.column('userId').doUpdateSet(set) : oc.column('userId').doNothing()))
    .execute();
}

/**
 * A browser's subscription, for this user from now on (the endpoint is the browser's, whoever signed
 * in on it before). Another user's row of that endpoint goes first, with the pushes still waiting
 * for them: those are never sent to the browser's new user.
 */
export async function saveSubscription(db: Executor, s: { userId: number; endpoint: string; p256dh: string; auth: string; createdAt: Date }): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('endpoint', '=', s.endpoint).where('userId', '<>', s.userId).execute();
  await db
    .insertInto('pushSubscriptions')
    .values(s)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ userId: s.userId, p256dh: s.p256dh, auth: s.auth, createdAt: s.createdAt, failures: 0, lastSuccessAt: null }))
    .execute();
}

export async function deleteSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionById(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}

/** The cursor row, locked until the transaction ends: one consumer at a time across processes. */
export async function lockCursor(trx: Executor, name: string): Promise<number> {
  const row = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirst();
  if (row) return Number(row.lastId);
  // First start: begin at the newest event, so an existing database does not push its history.
  await sql`insert into event_cursors (name, last_id) select ${name}, coalesce(max(id), 0) from events on conflict (name) do nothing`.execute(trx);
  const created = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
  return Number(created.lastId);
}

export async function moveCursor(trx: Executor, name: string, lastId: number): Promise<void> {
  await trx.updateTable('eventCursors').set({ lastId }).where('name', '=', name).execute();
}

/** Events after an id, oldest first; the text as stored (read as text: the CamelCasePlugin leaves it alone). */
export async function eventsAfter(trx: Executor, afterId: number, limit: number): Promise<PushEventRow[]> {
  const rows = await trx
    .selectFrom('events')
    .select(['id', 'userId', 'type', 'shipmentId', sql<string>`message::text`.as('message')])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** A recipient as a push needs them: only drivers are pushed to. */
export async function recipient(trx: Executor, userId: number): Promise<{ role: string; locale: string } | null> {
  return (await trx.selectFrom('users').select(['role', 'locale']).where('id', '=', userId).executeTakeFirst()) ?? null;
}

export async function subscriptionIds(trx: Executor, userId: number): Promise<number[]> {
  return (await trx.selectFrom('pushSubscriptions').select('id').where('userId', '=', userId).orderBy('id').execute()).map((r) => r.id);
}

export async function insertJobs(trx: Executor, jobs: Insertable<PushJobsTable>[]): Promise<void> {
  if (jobs.length === 0) return;
  await trx
    .insertInto('pushJobs')
    .values(jobs)
    .onConflict((oc) => oc.columns(['eventId', 'subscriptionId']).doNothing())
    .execute();
}

/** Due jobs, locked and skipping those another process holds. */
export async function lockDue(trx: Executor, now: Date, limit: number): Promise<number[]> {
  const due = await trx
    .selectFrom('pushJobs')
    .select('id')
    .where('sendAfter', '<=', now)
    .where('sentAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .orderBy('sendAfter')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return due.map((d) => d.id);
}

export async function lease(trx: Executor, ids: number[], until: Date): Promise<void> {
  await trx.updateTable('pushJobs').set({ sendAfter: until }).where('id', 'in', ids).execute();
}

/** The jobs with their subscription as it is now (a job whose subscription was dropped went with it). */
export async function dueJobs(trx: Executor, ids: number[]): Promise<DuePushRow[]> {
  return trx
    .selectFrom('pushJobs as j')
    .innerJoin('pushSubscriptions as s', 's.id', 'j.subscriptionId')
    .select(['j.id', 'j.kind', 'j.payload', 'j.attempts', 'j.subscriptionId', 's.userId', 's.endpoint', 's.p256dh', 's.auth'])
    .where('j.id', 'in', ids)
    .orderBy('j.sendAfter')
    .orderBy('j.id')
    .execute();
}

export async function markSent(db: Executor, id: number, subscriptionId: number, now: Date): Promise<void> {
  await db.updateTable('pushJobs').set({ sentAt: now, lastError: null }).where('id', '=', id).execute();
  await db.updateTable('pushSubscriptions').set({ lastSuccessAt: now, failures: 0 }).where('id', '=', subscriptionId).execute();
}

export async function cancel(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('pushJobs').set({ cancelledAt: now }).where('id', '=', id).execute();
}

/** A failed send: tried again at `retryAt`, or given up (null); the subscription counts the failure. */
export async function failed(db: Executor, id: number, subscriptionId: number, attempts: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db
    .updateTable('pushJobs')
    .set({ attempts, lastError: error.slice(0, 500), ...(retryAt ? { sendAfter: retryAt } : { cancelledAt: now }) })
    .where('id', '=', id)
    .execute();
  await db.updateTable('pushSubscriptions').set({ failures: sql`failures + 1` }).where('id', '=', subscriptionId).execute();
}

/** Sent and given-up jobs older than a day are of no more use. */
export async function sweep(db: Executor, before: Date): Promise<void> {
  await db
    .deleteFrom('pushJobs')
    .where('createdAt', '<', before)
    .where((eb) => eb.or([eb('sentAt', 'is not', null), eb('cancelledAt', 'is not', null)]))
    .execute();
}
