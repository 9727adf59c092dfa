import type { DriverDecision, DriverDocumentKind, DriverReview } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DriverAccountsService } from '../driver-accounts/driver-accounts.service.ts';

type Deps = {
  db: Db;
  driverAccounts: Pick<DriverAccountsService, 'reviewQueue' | 'review' | 'reviewDocumentFile' | 'decide'>;
  audit: Pick<AuditService, 'record'>;
  /** Issue 22: how often the driver gave accepted jobs back. */
  givenBack: (driverId: number) => Promise<{ total: number; recent: number }>;
};

/**
 * Issue 21 part 1: staff verify drivers in apps/ops. The queue, a driver's review, their document
 * files and the decision come from driver-accounts; this module adds the audit log: every view of a
 * driver, every view of a document file and every decision (with its reason) is recorded with the
 * staff member, the decision in the same transaction as the entry.
 */
export function driverReviewService({ db, driverAccounts, audit, givenBack }: Deps) {
  /** The review with the count of jobs given back. */
  const reviewOf = async (driverId: number): Promise<DriverReview> => {
    const [review, back] = await Promise.all([driverAccounts.review(driverId), givenBack(driverId)]);
    return { ...review, given_back: { total: back.total, last_90_days: back.recent } };
  };

  const record = (staffId: number, action: string, driverId: number, extra: { reason?: string; details?: Record<string, unknown> } = {}) =>
    db.transaction().execute((trx) => audit.record(trx, { staffId, action, subjectType: 'driver', subjectId: driverId, ...extra }));

  return {
    async queue(): Promise<{ drivers: Awaited<ReturnType<DriverAccountsService['reviewQueue']>> }> {
      return { drivers: await driverAccounts.reviewQueue() };
    },

    /** The driver as staff review them (404 for an unknown driver); the view is audited. */
    async view(staffId: number, driverId: number): Promise<DriverReview> {
      const review = await reviewOf(driverId);
      await record(staffId, 'driver.viewed', driverId);
      return review;
    },

    /** A document's file (404 unless it is that driver's); every view is audited with the document's id and kind. */
    async documentFile(staffId: number, driverId: number, documentId: number): Promise<{ data: Buffer; contentType: string; kind: DriverDocumentKind }> {
      const file = await driverAccounts.reviewDocumentFile(driverId, documentId);
      await record(staffId, 'driver.document.viewed', driverId, { details: { document_id: documentId, kind: file.kind } });
      return file;
    },

    /** Approve or refuse (with the reason the driver reads): the decision, its event and its audit entry commit together. */
    async decide(staffId: number, driverId: number, decision: DriverDecision): Promise<DriverReview> {
      await db.transaction().execute(async (trx) => {
        await driverAccounts.decide(trx, driverId, decision);
        await audit.record(trx, {
          staffId,
          action: decision.decision === 'approve' ? 'driver.approved' : 'driver.refused',
          subjectType: 'driver',
          subjectId: driverId,
          reason: decision.decision === 'refuse' ? decision.reason : null,
        });
      });
      return reviewOf(driverId);
    },
  };
}

export type DriverReviewService = ReturnType<typeof driverReviewService>;
