import { type Migration, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-shipments.ts';
import * as m0003 from './migrations/0003-marketplace.ts';
import * as m0004 from './migrations/0004-payment-card.ts';
import * as m0005 from './migrations/0005-events-chat.ts';
import * as m0006 from './migrations/0006-sandbox-payments.ts';
import * as m0007 from './migrations/0007-rate-limits.ts';
import * as m0008 from './migrations/0008-social-logins.ts';
import * as m0009 from './migrations/0009-offer-versions.ts';
import * as m0010 from './migrations/0010-receipts-lateness.ts';
import * as m0011 from './migrations/0011-payment-redirect.ts';
import * as m0012 from './migrations/0012-support-requests.ts';
import { placeIds } from './migrations/0013-place-ids.ts';
import * as m0014 from './migrations/0014-driver-profiles.ts';
import * as m0015 from './migrations/0015-vehicles-documents.ts';
// Staff sign-in and the audit log (issue 21, staff part)
import * as m0016 from './migrations/0016-staff-audit.ts';
import * as m0020 from './migrations/0020-driver-actions.ts';
import * as m0021 from './migrations/0021-ledger.ts';
import * as m0022 from './migrations/0022-payouts.ts';
import * as m0023 from './migrations/0023-ledger-backfill.ts';
import * as m0024 from './migrations/0024-invoices.ts';
import * as m0025 from './migrations/0025-invoice-payments.ts';
import * as m0026 from './migrations/0026-card-challenge-refunds.ts';
import * as m0027 from './migrations/0027-cancellations.ts';
// Issue 22 part 6: payout webhooks
import * as m0028 from './migrations/0028-payout-events.ts';
import * as m0029 from './migrations/0029-problems.ts';
// Issue 23 part 2: restrictions
import * as m0031 from './migrations/0031-restrictions.ts';
// Issue 23 parts 2-3: finance approvals in the back office
import * as m0032 from './migrations/0032-ops-finance.ts';
import * as m0033 from './migrations/0033-invoice-credits-index.ts';
import * as m0034 from './migrations/0034-one-owner-of-a-job.ts';
import * as m0035 from './migrations/0035-invoice-documents-forget-email.ts';
import * as m0036 from './migrations/0036-payment-recovery-failures.ts';
// Issue 21 part 3 (proofs, consignment note)
import * as m0017 from './migrations/0017-proofs-notes.ts';
// Issue 21, job board
import * as m0018 from './migrations/0018-job-board.ts';
// Issue 21 part 4: Web Push.
import * as m0019 from './migrations/0019-web-push.ts';
import { placeIdOf } from '../lib/places.ts';

// Listed by hand (not read from disk) so the same list works under tsx, vitest and bundlers.
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-shipments': m0002,
  '0003-marketplace': m0003,
  '0004-payment-card': m0004,
  '0005-events-chat': m0005,
  '0006-sandbox-payments': m0006,
  '0007-rate-limits': m0007,
  '0008-social-logins': m0008,
  '0009-offer-versions': m0009,
  '0010-receipts-lateness': m0010,
  '0011-payment-redirect': m0011,
  '0012-support-requests': m0012,
  '0013-place-ids': placeIds(placeIdOf),
  '0014-driver-profiles': m0014,
  '0015-vehicles-documents': m0015,
  '0016-staff-audit': m0016,
  '0020-driver-actions': m0020,
  // Issue 21 part 3 (proofs, consignment note)
  '0017-proofs-notes': m0017,
  // Issue 21, job board
  '0018-job-board': m0018,
  // Issue 21 part 4: Web Push.
  '0019-web-push': m0019,
  // Issue 22: the ledger.
  '0021-ledger': m0021,
  '0022-payouts': m0022,
  '0023-ledger-backfill': m0023,
  '0024-invoices': m0024,
  '0025-invoice-payments': m0025,
  // Issue 22 parts 2 and 4: 3-D Secure at acceptance, refunds in the provider port.
  '0026-card-challenge-refunds': m0026,
  '0027-cancellations': m0027,
  '0028-payout-events': m0028,
  '0029-problems': m0029,
  // Issue 23 part 2: restrictions
  '0031-restrictions': m0031,
  // Issue 23 parts 2-3: finance approvals in the back office
  '0032-ops-finance': m0032,
  // Issue 22: the invoice list's credited sums read by index
  '0033-invoice-credits-index': m0033,
  // One owner of a job's state: the states the database accepts, a delivered job finished with its money
  '0034-one-owner-of-a-job': m0034,
  // Decision 0035: accounts deleted before it lose their e-mail from their invoices' documents too
  '0035-invoice-documents-forget-email': m0035,
  // The recovery of pending payments counts its failures (the second tells staff)
  '0036-payment-recovery-failures': m0036,
};

const migratorFor = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** The names of the listed migrations this database has not run yet (readiness: none may be left). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const infos = await migratorFor(db).getMigrations();
  return infos.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
