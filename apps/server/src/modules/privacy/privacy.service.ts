import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { CANCELLED, DELETED_USER_NAME, deletedEmail, isDeletedEmail, SHIPMENT_STATE, type DeleteAccountInput } from '@vm/domain';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { exportColumns } from './privacy.classification.ts';
import { exportFooter, exportHeader, exportSection } from './privacy.mapper.ts';
import * as repo from './privacy.repository.ts';

// Issue 23 part 4 (decision 0035): a user's data as one ZIP, the account's deletion, and the
// retention of positions and chat.

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  store: FileStore;
  auth: Pick<AuthService, 'revokeAllForUser' | 'checkPassword'>;
  shipments: Pick<ShipmentsService, 'lockJobsOf' | 'transition'>;
  ledger: Pick<LedgerService, 'heldFor' | 'balance'>;
  invoices: Pick<InvoicesService, 'forgetEmail'>;
  retention: { positionsMonths: number; chatMonths: number };
  now: () => Date;
  log: Log;
};

const monthsBefore = (at: Date, months: number) => {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

export function privacyService({ db, store, auth, shipments, ledger, invoices, retention, now, log }: Deps) {
  return {
    /**
     * The ZIP as a stream: data.json written section by section, then each file read from the
     * store one at a time (never the whole export in memory).
     */
    exportZip(userId: number): Readable {
      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) return void out.destroy(err);
        out.write(Buffer.from(chunk));
        if (final) out.end();
      });
      void (async () => {
        const json = new ZipDeflate('data.json', { level: 6 });
        zip.add(json);
        const text = (s: string, final = false) => json.push(new TextEncoder().encode(s), final);
        text(exportHeader(userId, now()));
        let first = true;
        for (const [table, { section, columns }] of exportColumns()) {
          text(exportSection(first, section, table, await repo.ownedRows(db, table, columns, userId)));
          first = false;
        }
        for (const table of ['shipment_positions', 'ratings']) text(exportSection(false, table, table, await repo.ownedRows(db, table, [], userId)));
        // The file list closes data.json before the files stream, one at a time, each waiting for the reader.
        const files = await repo.ownFiles(db, userId);
        text(exportFooter(files.map((f) => f.name)), true);
        for (const f of files) {
          const data = await store.get(f.key);
          if (!data) continue;
          const entry = new ZipPassThrough(f.name);
          zip.add(entry);
          entry.push(data, true);
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        zip.end();
      })().catch((err: unknown) => {
        log.warn({ err, userId }, 'data export failed');
        out.destroy(err as Error);
      });
      return out;
    },

    /** Checks, then erases in one transaction; files go and sessions end after it commits. */
    async deleteAccount(userId: number, input: DeleteAccountInput): Promise<void> {
      const who = await repo.credentials(db, userId);
      if (!who) throw new ApiError(404, 'not_found', 'not_found');
      if (input.password !== undefined) {
        // The sign-in's check, with its per-address limit (429 stays 429): no guessing here either.
        const ok = await auth.checkPassword(who.email, input.password).then(
          (id) => id === userId,
          (err: unknown) => {
            if (err instanceof ApiError && err.statusCode === 429) throw err;
            return false;
          },
        );
        if (!ok) throw new ApiError(403, 'forbidden', 'password_wrong');
      } else if (who.social === 0) {
        throw new ApiError(400, 'invalid_request', 'password_required');
      } else if (input.email!.trim().toLowerCase() !== who.email.toLowerCase()) {
        throw new ApiError(403, 'forbidden', 'email_mismatch');
      }
      let files: string[] = [];
      await db.transaction().execute(async (trx) => {
        // Every job the user is part of, locked first (in id order, as every operation on a job takes
        // its lock first): a payment, a release or a driver's step on one of them waits for this, or
        // this for it. Then the user's row: a second deletion (or a booking racing this one) waits.
        const jobs = await shipments.lockJobsOf(trx, userId);
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        // A deletion that waited for another of the same account finds it done: nothing more to erase.
        if (isDeletedEmail((await repo.credentials(trx, userId))?.email ?? '')) return;
        const b = await repo.deletionBlockers(trx, userId);
        let held = 0;
        for (const job of jobs) held += await ledger.heldFor(job.id, trx);
        if (b.inProgress > 0 || held !== 0) throw new ApiError(409, 'conflict', 'account_job_in_progress');
        const payable = await ledger.balance({ kind: 'driver_payable', userId }, trx);
        const receivable = await ledger.balance({ kind: 'sender_receivable', userId }, trx);
        if (b.openInvoices > 0 || b.openPayouts > 0 || payable !== 0 || receivable !== 0) throw new ApiError(409, 'conflict', 'account_open_balance');
        files = await repo.erasableFiles(trx, userId);
        // Open jobs end with the account: the sender's jobs still open for offers are cancelled.
        for (const job of jobs) if (job.senderId === userId && SHIPMENT_STATE[job.state].phase === 'open') await shipments.transition(trx, job, CANCELLED, 'system', { notify: false });
        const oldNames = [`${who.firstName} ${who.lastName}`, who.email, who.cellphone, who.firstName, who.lastName];
        await repo.erase(trx, userId, { marker: DELETED_USER_NAME, email: deletedEmail(userId, randomUUID().slice(0, 8)), now: now(), oldNames });
        await invoices.forgetEmail(userId, trx);
      });
      await auth.revokeAllForUser(userId);
      for (const key of files) await store.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete a deleted user’s file'));
      log.info({ userId }, 'account deleted');
    },

    /** The retention job: positions and chat of jobs that ended longer ago than the settings. */
    async sweepRetention(): Promise<{ positions: number; messages: number }> {
      const at = now();
      return repo.sweepRetention(db, monthsBefore(at, retention.positionsMonths), monthsBefore(at, retention.chatMonths));
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
