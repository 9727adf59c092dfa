import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// The audit log's SQL: rows are only ever inserted (a trigger refuses updates and deletes), one at
// a time under the row lock of audit_head, which holds the last id and hash of the chain.

export type AuditRow = {
  id: number;
  at: Date;
  staffId: number | null;
  action: string;
  subjectType: string | null;
  subjectId: number | null;
  reason: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** The chain's head, locked until the caller's transaction ends: appends are serialised across processes. */
export async function lockHead(db: Executor): Promise<{ lastId: number; hash: string }> {
  const head = await db.selectFrom('auditHead').select(['lastId', 'hash']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  return { lastId: Number(head.lastId), hash: head.hash };
}

export async function head(db: Executor): Promise<{ lastId: number; hash: string }> {
  const h = await db.selectFrom('auditHead').select(['lastId', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { lastId: Number(h.lastId), hash: h.hash };
}

export async function append(db: Executor, row: AuditRow): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({ ...row, details: JSON.stringify(row.details) })
    .execute();
  await db.updateTable('auditHead').set({ lastId: row.id, hash: row.hash }).where('id', '=', 1).execute();
}

// details as text: the database's CamelCasePlugin would rename the keys inside a jsonb value.
const detailsText = sql<string>`a.details::text`.as('detailsText');
const withDetails = <R extends { detailsText: string }>({ detailsText: text, ...r }: R) => ({ ...r, details: JSON.parse(text) as Record<string, unknown> });

/** Rows after `afterId`, oldest first (the chain check walks them in batches). */
export async function rowsAfter(db: Executor, afterId: number, limit: number): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('auditLog as a')
    .select(['a.id', 'a.at', 'a.staffId', 'a.action', 'a.subjectType', 'a.subjectId', 'a.reason', 'a.prevHash', 'a.hash', detailsText])
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => withDetails({ ...r, id: Number(r.id) }));
}

export type AuditListRow = AuditRow & { staffName: string | null; staffEmail: string | null };

/** Newest first, before an id when given. */
export async function page(db: Executor, before: number | null, limit: number): Promise<AuditListRow[]> {
  let q = db
    .selectFrom('auditLog as a')
    .leftJoin('staff as s', 's.id', 'a.staffId')
    .select(['a.id', 'a.at', 'a.staffId', 'a.action', 'a.subjectType', 'a.subjectId', 'a.reason', 'a.prevHash', 'a.hash', 's.name as staffName', 's.email as staffEmail', detailsText])
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (before !== null) q = q.where('a.id', '<', before);
  return (await q.execute()).map(withDetails);
}

/** Issue 23, the export: rows after `afterId` made in [from, to), oldest first, with the staff member's e-mail. */
export async function exportBatch(db: Executor, q: { afterId: number; from: Date | null; to: Date | null; limit: number }): Promise<(AuditRow & { staffEmail: string | null })[]> {
  let query = db
    .selectFrom('auditLog as a')
    .leftJoin('staff as s', 's.id', 'a.staffId')
    .select(['a.id', 'a.at', 'a.staffId', 'a.action', 'a.subjectType', 'a.subjectId', 'a.reason', 'a.prevHash', 'a.hash', 's.email as staffEmail', detailsText])
    .where('a.id', '>', q.afterId)
    .orderBy('a.id')
    .limit(q.limit);
  if (q.from) query = query.where('a.at', '>=', q.from);
  if (q.to) query = query.where('a.at', '<', q.to);
  return (await query.execute()).map((r) => withDetails({ ...r, id: Number(r.id) }));
}
