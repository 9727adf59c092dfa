import { createHash } from 'node:crypto';
import { addDays, AUDIT_EXPORT_COLUMNS, type AuditExportQuery, type AuditExportRow, type AuditPage, zonedInstant } from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import { canonicalJson } from './canonical-json.ts';
import { toAuditEntryRead } from './audit.mapper.ts';
import * as repo from './audit.repository.ts';

// The audit log (decision 0025): who did what to whom, and why. Append-only and hash-chained: each
// row's hash is the SHA-256 of the previous row's hash and the row's canonical JSON, so an edited,
// removed or inserted row breaks the chain from there on, and `npm run admin -- audit check` names
// the first bad row.

/** What a module records. `staffId` null: the system or an admin command did it. */
export type AuditEntry = {
  staffId: number | null;
  /** A dotted name, e.g. 'staff.signed_in', 'driver.approved'. */
  action: string;
  subjectType?: string | null;
  subjectId?: number | null;
  /** Why, in the staff member's words (a refusal's reason, say). */
  reason?: string | null;
  details?: Record<string, unknown>;
};

export type AuditCheck = { ok: true; rows: number } | { ok: false; rows: number; badId: number; problem: 'hash' | 'link' | 'missing' | 'head' };

/** The genesis: what the first row's prev_hash is. */
export const AUDIT_GENESIS = '0'.repeat(64);

const hashOf = (prevHash: string, r: Omit<repo.AuditRow, 'prevHash' | 'hash'>) =>
  createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(
      canonicalJson({
        id: r.id,
        at: r.at.toISOString(),
        staff_id: r.staffId,
        action: r.action,
        subject_type: r.subjectType,
        subject_id: r.subjectId,
        reason: r.reason,
        details: r.details,
      }),
    )
    .digest('hex');

const CHECK_BATCH = 1000;
const EXPORT_BATCH = 1000;

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; never changed otherwise, so the hash can be recomputed from it. */
const csvField = (v: string | number | null) => {
  if (v === null) return '';
  const text = String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function auditService({ db, now }: { db: Db; now: () => Date }) {
  /**
   * Appends an entry inside the caller's transaction (pass its `trx`): the entry commits with the
   * change it describes, or not at all. The head's row lock serialises appends across processes.
   */
  async function record(trx: Executor, entry: AuditEntry): Promise<number> {
    const head = await repo.lockHead(trx);
    // Milliseconds, as stored: the check recomputes the hash from what it reads back.
    const row = {
      id: head.lastId + 1,
      at: new Date(Math.floor(now().getTime())),
      staffId: entry.staffId,
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId ?? null,
      reason: entry.reason ?? null,
      // Through JSON once, so the hashed value is what jsonb gives back (no undefined, no Dates).
      details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
    };
    const hash = hashOf(head.hash, row);
    await repo.append(trx, { ...row, prevHash: head.hash, hash });
    return row.id;
  }

  return {
    record,

    async list({ before, limit }: { before?: number | undefined; limit: number }): Promise<AuditPage> {
      const rows = await repo.page(db, before ?? null, limit + 1);
      const entries = rows.slice(0, limit).map(toAuditEntryRead);
      return { entries, next_before: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },

    /**
     * Issue 23: the rows made between two Brussels days (both included) with their hash and the
     * previous row's, as CSV or JSON lines, so an auditor can recompute the chain outside the
     * product (hash = SHA-256 of prev_hash, a newline and the canonical JSON of the row's fields).
     * The export itself is recorded, after the rows are read (it is not among them).
     */
    async exportLog(staffId: number, q: AuditExportQuery): Promise<{ body: string; contentType: string; filename: string; rows: number }> {
      const zone = 'Europe/Brussels';
      const from = q.from ? zonedInstant(q.from, '00:00', zone) : null;
      const to = q.to ? zonedInstant(addDays(q.to, 1), '00:00', zone) : null;
      const lines: string[] = q.format === 'csv' ? [AUDIT_EXPORT_COLUMNS.join(',')] : [];
      let afterId = 0;
      let rows = 0;
      let firstId: number | null = null;
      for (;;) {
        const batch = await repo.exportBatch(db, { afterId, from, to, limit: EXPORT_BATCH });
        for (const r of batch) {
          const row: AuditExportRow = {
            id: r.id,
            at: r.at.toISOString(),
            staff_id: r.staffId,
            staff_email: r.staffEmail,
            action: r.action,
            subject_type: r.subjectType,
            subject_id: r.subjectId,
            reason: r.reason,
            details: r.details,
            prev_hash: r.prevHash,
            hash: r.hash,
          };
          lines.push(q.format === 'csv' ? AUDIT_EXPORT_COLUMNS.map((c) => csvField(c === 'details' ? canonicalJson(row.details) : row[c])).join(',') : JSON.stringify(row));
          firstId ??= r.id;
          afterId = r.id;
          rows++;
        }
        if (batch.length < EXPORT_BATCH) break;
      }
      await db.transaction().execute((trx) =>
        record(trx, { staffId, action: 'audit.exported', details: { format: q.format, from: q.from ?? null, to: q.to ?? null, rows, first_id: firstId, last_id: rows > 0 ? afterId : null } }),
      );
      const name = `audit-log${q.from ? `-from-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.${q.format}`;
      const eol = q.format === 'csv' ? '\r\n' : '\n';
      return { body: lines.length ? `${lines.join(eol)}${eol}` : '', contentType: q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8', filename: name, rows };
    },

    /** Walks the chain from the first row: the first row whose id, link or hash is wrong, or a head that does not match. */
    async check(): Promise<AuditCheck> {
      let prev = AUDIT_GENESIS;
      let expectedId = 1;
      let rows = 0;
      for (;;) {
        const batch = await repo.rowsAfter(db, expectedId - 1, CHECK_BATCH);
        for (const r of batch) {
          if (r.id !== expectedId) return { ok: false, rows, badId: expectedId, problem: 'missing' };
          if (r.prevHash !== prev) return { ok: false, rows, badId: r.id, problem: 'link' };
          if (hashOf(prev, r) !== r.hash) return { ok: false, rows, badId: r.id, problem: 'hash' };
          prev = r.hash;
          expectedId++;
          rows++;
        }
        if (batch.length < CHECK_BATCH) break;
      }
      const h = await repo.head(db);
      // The last rows removed: the head still names them.
      if (h.lastId !== rows || h.hash !== prev) return { ok: false, rows, badId: rows + 1, problem: h.lastId > rows ? 'missing' : 'head' };
      return { ok: true, rows };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
