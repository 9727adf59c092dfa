import { describe, expect, it } from 'vitest';
import { auditExportQuerySchema, invoiceDecisionSchema } from './ops-finance.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe("finance staff's decision on a company's request to pay by invoice", () => {
  it('approves without a reason', () => {
    expect(invoiceDecisionSchema.safeParse({ approve: true }).success).toBe(true);
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
});
