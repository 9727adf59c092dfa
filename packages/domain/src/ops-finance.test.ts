import { describe, expect, it } from 'vitest';
import {
  auditExportQuerySchema,
  auditExportRowSchema,
  invoiceDecisionSchema,
  invoiceRequestsReadSchema,
  opsInvoicesQuerySchema,
  opsInvoicesReadSchema,
  opsPayoutRunSchema,
  opsPayoutsQuerySchema,
  opsPayoutsReadSchema,
} from './ops-finance.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe("finance staff's decision on a company's request to pay by invoice", () => {
  it('approves without a reason', () => {
    expect(invoiceDecisionSchema.safeParse({ approve: true }).success).toBe(true);
  });

  it.each([[{}], [{ approve: 'yes' }], [{ approve: null, reason: 'Geen btw-nummer gevonden.' }]])('asks for the decision itself when %j', (body) => {
    expect(firstMessage(invoiceDecisionSchema.safeParse(body))).toEqual(['approve:required']);
  });

  it.each([
    [undefined, ['reason:required']],
    ['', ['reason:required']],
    ['   ', ['reason:required']],
    ['Te kort.', ['reason:refusal_reason_too_short']],
    ['x'.repeat(9), ['reason:refusal_reason_too_short']],
    ['x'.repeat(10), undefined],
    ['x'.repeat(2000), undefined],
    ['x'.repeat(2001), ['reason:too_long']],
  ])('refuses with reason %j: %j', (reason, issues) => {
    expect(firstMessage(invoiceDecisionSchema.safeParse({ approve: false, reason }))).toEqual(issues);
    if (issues && issues[0] !== 'reason:too_long') expect(invoiceDecisionSchema.safeParse({ approve: false, reason }).error?.issues[0]?.code).toBe('custom');
  });
});

describe("the audit log's export query", () => {
  it('exports CSV by default, from and to both included, either left out', () => {
    expect(auditExportQuerySchema.parse({})).toEqual({ format: 'csv' });
    expect(auditExportQuerySchema.safeParse({ format: 'jsonl', from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(auditExportQuerySchema.safeParse({ from: '2026-03-01' }).success).toBe(true);
    expect(auditExportQuerySchema.safeParse({ to: '2026-03-01' }).success).toBe(true);
  });

  it('refuses a period that ends before it starts, and a day not written YYYY-MM-DD', () => {
    expect(firstMessage(auditExportQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual(['to:invalid_date']);
    expect(auditExportQuerySchema.safeParse({ from: '1-3-2026' }).success).toBe(false);
    expect(auditExportQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });

  it.each(['from', 'to'])('says invalid_date for a %s with anything before or after the day', (field) => {
    for (const bad of ['1-3-2026', 'x2026-03-01', '2026-03-01x', '2026-03-01T00:00', ' 2026-03-01']) {
      expect(firstMessage(auditExportQuerySchema.safeParse({ [field]: bad })), bad).toEqual([`${field}:invalid_date`]);
    }
  });
});

// The back office reads these shapes from the server: a field they drop never reaches the page.
const keepsAndNeeds = (schema: { parse: (v: unknown) => unknown; safeParse: (v: unknown) => { success: boolean } }, row: Record<string, unknown>, wrap: (r: unknown) => unknown) => {
  expect(schema.parse(wrap(row))).toEqual(wrap(row));
  for (const field of Object.keys(row)) expect(schema.safeParse(wrap({ ...row, [field]: undefined })).success, field).toBe(false);
};

describe('the finance pages of the back office', () => {
  const company = { name: 'Peeters Transport BV', vat: 'BE0123456749', address: 'Kerkstraat 12, 3500 Hasselt', email: 'boekhouding@peeters.be' };
  const request = { user_id: 7, name: 'An Peeters', email: 'an@peeters.be', company, requested_at: 1_800_000_000 };
  const payout = {
    id: 3,
    driver: { id: 9, name: 'Jan Claes', email: 'jan@claes.be' },
    amount: 123.45,
    iban_last4: '4321',
    status: 'failed',
    failure_reason: 'IBAN closed',
    created_at: 1_800_000_000,
    updated_at: 1_800_000_600,
  };
  const onHold = { shipment_id: 12, reference: 'VM-12', driver_name: 'Jan Claes', amount: 80, since: 1_800_000_000 };
  const invoice = {
    id: 5,
    number: 'VM-2026-00005',
    company: 'Peeters Transport BV',
    email: 'boekhouding@peeters.be',
    amount: 242,
    due_date: '2026-03-31',
    days_overdue: 4,
    reminders: 1,
    last_reminder_at: 1_800_000_000,
  };

  it("lists a company's request to pay by invoice with who asked, the company and when", () => {
    keepsAndNeeds(invoiceRequestsReadSchema, request, (r) => ({ requests: [r] }));
    keepsAndNeeds(invoiceRequestsReadSchema, company, (c) => ({ requests: [{ ...request, company: c }] }));
    expect(invoiceRequestsReadSchema.safeParse({ requests: [{ ...request, requested_at: null }] }).success).toBe(true);
  });

  it('lists payouts with their driver and state, and the money held for a problem', () => {
    keepsAndNeeds(opsPayoutsReadSchema, payout, (p) => ({ payouts: [p], on_hold: [] }));
    keepsAndNeeds(opsPayoutsReadSchema, payout.driver, (d) => ({ payouts: [{ ...payout, driver: d }], on_hold: [] }));
    keepsAndNeeds(opsPayoutsReadSchema, onHold, (h) => ({ payouts: [], on_hold: [h] }));
    expect(opsPayoutsReadSchema.safeParse({ payouts: [] }).success).toBe(false);
    expect(opsPayoutsReadSchema.safeParse({ on_hold: [] }).success).toBe(false);
  });

  it.each(['claimed', 'pending', 'paid', 'failed'])('shows a payout that is %s', (status) => {
    expect(opsPayoutsReadSchema.parse({ payouts: [{ ...payout, status }], on_hold: [] }).payouts[0]?.status).toBe(status);
  });

  it('knows no other payout state', () => {
    for (const status of ['refunded', 'Paid', '']) expect(opsPayoutsReadSchema.safeParse({ payouts: [{ ...payout, status }], on_hold: [] }).success, status).toBe(false);
  });

  it('filters payouts by failed (the default), pending or paid, never the claims drivers have not been paid for yet', () => {
    expect(opsPayoutsQuerySchema.parse({})).toEqual({ status: 'failed' });
    for (const status of ['failed', 'pending', 'paid']) expect(opsPayoutsQuerySchema.parse({ status })).toEqual({ status });
    for (const status of ['claimed', 'open', '']) expect(opsPayoutsQuerySchema.safeParse({ status }).success, status).toBe(false);
  });

  it('says how many payouts a run made', () => {
    expect(opsPayoutRunSchema.parse({ made: 4 })).toEqual({ made: 4 });
    expect(opsPayoutRunSchema.safeParse({}).success).toBe(false);
    expect(opsPayoutRunSchema.safeParse({ made: 1.5 }).success).toBe(false);
  });

  it('lists unpaid invoices with what is still due, since when, and the reminders sent', () => {
    keepsAndNeeds(opsInvoicesReadSchema, invoice, (i) => ({ invoices: [i] }));
    expect(opsInvoicesReadSchema.safeParse({ invoices: [{ ...invoice, last_reminder_at: null }] }).success).toBe(true);
  });

  it('filters unpaid invoices by overdue (the default) or open', () => {
    expect(opsInvoicesQuerySchema.parse({})).toEqual({ status: 'overdue' });
    expect(opsInvoicesQuerySchema.parse({ status: 'open' })).toEqual({ status: 'open' });
    for (const status of ['paid', 'failed', '']) expect(opsInvoicesQuerySchema.safeParse({ status }).success, status).toBe(false);
  });
});

describe("the audit log's exported row", () => {
  const row = {
    id: 41,
    at: '2026-03-01T09:30:00.000Z',
    staff_id: 2,
    staff_email: 'finance@vrachtmarkt.be',
    action: 'invoice_request.approve',
    subject_type: 'user',
    subject_id: 7,
    reason: null,
    details: { approve: true },
    prev_hash: 'a'.repeat(64),
    hash: 'b'.repeat(64),
  };

  it('has every column of the export, and each is needed', () => {
    expect(auditExportRowSchema.parse(row)).toEqual(row);
    for (const field of Object.keys(row)) expect(auditExportRowSchema.safeParse({ ...row, [field]: undefined }).success, field).toBe(false);
    expect(auditExportRowSchema.safeParse({ ...row, staff_id: null, staff_email: null }).success).toBe(true);
  });
});
