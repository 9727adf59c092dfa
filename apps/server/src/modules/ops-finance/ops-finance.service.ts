import type { InvoiceRequestsRead, OpsInvoicesRead, OpsInvoiceStatus, OpsPayoutsRead, OpsPayoutStatus } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InvoicePaymentsService } from '../invoices/invoice-payments.service.ts';
import type { PayoutsService } from '../payouts/payouts.service.ts';
import type { SettlementService } from '../settlement/settlement.service.ts';
import type { InvoicePaymentDecision, InvoicePaymentOutcome, UsersService } from '../users/users.service.ts';

type Deps = {
  db: Db;
  users: Pick<UsersService, 'invoiceRequests' | 'decideInvoicePayment'>;
  payouts: Pick<PayoutsService, 'listForStaff' | 'run'>;
  settlement: Pick<SettlementService, 'onHold'>;
  invoicePayments: Pick<InvoicePaymentsService, 'unpaid'>;
  audit: Pick<AuditService, 'record'>;
};

/**
 * Issue 23 part 2: the approvals that were `npm run admin` commands, in the back office for finance
 * staff and admins. The data and the rules stay with the modules that own them (users: invoice
 * payment; payouts; settlement: money on hold; invoices: unpaid invoices and reminders); this
 * module adds the audit log: every decision (with its reason, in the decision's transaction) and
 * every payout run staff start. `staffId` null: the admin command did it.
 */
export function opsFinanceService({ db, users, payouts, settlement, invoicePayments, audit }: Deps) {
  /**
   * Approve or refuse a company's invoice payment; the decision, the event that mails the user
   * and the audit entry commit together. The back office decides waiting requests only
   * (`onlyRequested`); the admin command any company's.
   */
  async function decideInvoice(staffId: number | null, userId: number, decision: InvoicePaymentDecision, { onlyRequested }: { onlyRequested: boolean }): Promise<InvoicePaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const outcome = await users.decideInvoicePayment(trx, userId, decision, { onlyRequested });
      if (outcome !== 'decided') return outcome;
      await audit.record(trx, {
        staffId,
        action: decision.approve ? 'invoice_payment.approved' : 'invoice_payment.refused',
        subjectType: 'user',
        subjectId: userId,
        reason: decision.approve ? null : decision.reason,
      });
      return outcome;
    });
  }

  return {
    async invoiceRequests(): Promise<InvoiceRequestsRead> {
      return { requests: await users.invoiceRequests() };
    },

    decideInvoice,

    /** The back office's decision: 404 without a company, 409 when it is not waiting; the queue as it stands after. */
    async decideInvoiceRequest(staffId: number, userId: number, decision: InvoicePaymentDecision): Promise<InvoiceRequestsRead> {
      const outcome = await decideInvoice(staffId, userId, decision, { onlyRequested: true });
      if (outcome === 'no_company') throw new ApiError(404, 'not_found', 'invoice_request_not_found');
      if (outcome === 'not_requested') throw new ApiError(409, 'conflict', 'invoice_request_not_pending');
      return { requests: await users.invoiceRequests() };
    },

    async payouts(status: OpsPayoutStatus): Promise<OpsPayoutsRead> {
      const [list, onHold] = await Promise.all([payouts.listForStaff(status), settlement.onHold()]);
      return { payouts: list, on_hold: onHold };
    },

    /** Pays everyone owed now, any day (the admin command's `payouts run --now`), and records who started it. */
    async runPayouts(staffId: number): Promise<{ made: number }> {
      const made = await payouts.run({ offCycle: true });
      await db.transaction().execute((trx) => audit.record(trx, { staffId, action: 'payouts.run', details: { made, off_cycle: true } }));
      return { made };
    },

    async invoices(status: OpsInvoiceStatus): Promise<OpsInvoicesRead> {
      return { invoices: await invoicePayments.unpaid(status) };
    },
  };
}

export type OpsFinanceService = ReturnType<typeof opsFinanceService>;
