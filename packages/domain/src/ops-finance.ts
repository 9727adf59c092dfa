import { z } from 'zod';
import { auditEntryReadSchema } from './staff.ts';
import { multilineText } from './wire.ts';

// Issue 23 parts 2-3: the approvals that were `npm run admin` commands, now in the back office for
// finance staff and admins (company invoice payment, payouts, unpaid invoices), and the audit log's
// export for an auditor (admins).

/** A company's request to pay by invoice, waiting for staff. */
export const invoiceRequestReadSchema = z.object({
  user_id: z.number().int(),
  /** Who asked: the account holder. */
  name: z.string(),
  email: z.string(),
  company: z.object({ name: z.string(), vat: z.string(), address: z.string(), email: z.string() }),
  /** Unix seconds: when they asked (null for a request older than the column). */
  requested_at: z.number().int().nullable(),
});
export type InvoiceRequestRead = z.infer<typeof invoiceRequestReadSchema>;
export const invoiceRequestsReadSchema = z.object({ requests: z.array(invoiceRequestReadSchema) });
export type InvoiceRequestsRead = z.infer<typeof invoiceRequestsReadSchema>;

export const INVOICE_REFUSAL_MIN = 10;
export const INVOICE_REFUSAL_MAX = 2000;
/** Staff's decision: approve, or refuse with the reason the company reads (10 to 2000 characters). */
export const invoiceDecisionSchema = z
  .object({
    approve: z.boolean({ error: 'required' }),
    reason: multilineText(INVOICE_REFUSAL_MAX).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.approve) return;
    const length = d.reason?.length ?? 0;
    if (length === 0) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    else if (length < INVOICE_REFUSAL_MIN) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'refusal_reason_too_short' });
  });
export type InvoiceDecision = z.infer<typeof invoiceDecisionSchema>;
export const invoiceRequestParams = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const OPS_PAYOUT_STATUSES = ['failed', 'pending', 'paid'] as const;
export type OpsPayoutStatus = (typeof OPS_PAYOUT_STATUSES)[number];
export const opsPayoutsQuerySchema = z.object({ status: z.enum(OPS_PAYOUT_STATUSES).default('failed') });

/** A payout as finance staff see it. */
export const opsPayoutReadSchema = z.object({
  id: z.number().int(),
  driver: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  amount: z.number(),
  /** The last four characters of the IBAN it went to. */
  iban_last4: z.string(),
  status: z.enum(['claimed', 'pending', 'paid', 'failed']),
  failure_reason: z.string().nullable(),
  /** Unix seconds: when it was made, and when it last changed (paid or failed). */
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type OpsPayoutRead = z.infer<typeof opsPayoutReadSchema>;

/** A job whose money is held because the sender reported a problem: it waits for staff. */
export const moneyOnHoldReadSchema = z.object({
  shipment_id: z.number().int(),
  reference: z.string(),
  driver_name: z.string(),
  amount: z.number(),
  /** Unix seconds: when the problem was reported. */
  since: z.number().int(),
});
export type MoneyOnHoldRead = z.infer<typeof moneyOnHoldReadSchema>;

export const opsPayoutsReadSchema = z.object({ payouts: z.array(opsPayoutReadSchema), on_hold: z.array(moneyOnHoldReadSchema) });
export type OpsPayoutsRead = z.infer<typeof opsPayoutsReadSchema>;
export const opsPayoutRunSchema = z.object({ made: z.number().int() });

export const OPS_INVOICE_STATUSES = ['open', 'overdue'] as const;
export type OpsInvoiceStatus = (typeof OPS_INVOICE_STATUSES)[number];
export const opsInvoicesQuerySchema = z.object({ status: z.enum(OPS_INVOICE_STATUSES).default('overdue') });

/** An invoice paid by transfer and not paid yet: open (before its due date) or overdue. */
export const opsInvoiceReadSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  company: z.string(),
  email: z.string(),
  /** What is still due, in euros (the total less transfers received and credit notes). */
  amount: z.number(),
  /** YYYY-MM-DD */
  due_date: z.string(),
  days_overdue: z.number().int(),
  reminders: z.number().int(),
  /** Unix seconds: the last reminder, if any. */
  last_reminder_at: z.number().int().nullable(),
});
export type OpsInvoiceRead = z.infer<typeof opsInvoiceReadSchema>;
export const opsInvoicesReadSchema = z.object({ invoices: z.array(opsInvoiceReadSchema) });
export type OpsInvoicesRead = z.infer<typeof opsInvoicesReadSchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date');
/** `from` and `to`: days (Brussels time), both included; either may be left out. */
export const auditExportQuerySchema = z
  .object({ format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'), from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'invalid_date' });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/**
 * The columns of an exported row, in order. `hash` is SHA-256 (hex) of `prev_hash`, a newline and
 * the canonical JSON (keys sorted, no spaces) of {id, at, staff_id, action, subject_type,
 * subject_id, reason, details}, `at` as ISO 8601 with milliseconds and `details` as exported.
 */
export const AUDIT_EXPORT_COLUMNS = ['id', 'at', 'staff_id', 'staff_email', 'action', 'subject_type', 'subject_id', 'reason', 'details', 'prev_hash', 'hash'] as const;

/** One exported row (a JSONL line; a CSV row has the same fields, `details` as canonical JSON text). */
export const auditExportRowSchema = auditEntryReadSchema.pick({ id: true, action: true, subject_type: true, subject_id: true, reason: true, details: true }).extend({
  at: z.string(),
  staff_id: z.number().nullable(),
  staff_email: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditExportRow = z.infer<typeof auditExportRowSchema>;
