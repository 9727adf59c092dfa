import { type Locale, MAX_CONTESTS, type OpsSearchResult, type ProposalRead, type RestrictionRead, restrictionStatement, type UserRestriction } from '@vm/domain';
import type { ContestRow, InvoiceLine, PaymentLine, ProposalRow, RestrictionRow } from './restrictions.repository.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const secondsOrNull = (d: Date | null) => (d ? seconds(d) : null);
const euros = (cents: number) => Math.round(cents) / 100;

const statusOf = (r: RestrictionRow, at: Date): RestrictionRead['status'] => (r.liftedAt ? 'lifted' : r.endsAt && r.endsAt <= at ? 'ended' : 'active');

const toContest = (c: ContestRow) => ({ id: c.id, text: c.text, created_at: seconds(c.createdAt) });

export const toRestrictionRead = (r: RestrictionRow, contests: ContestRow[], at: Date): RestrictionRead => ({
  id: r.id,
  user: { id: r.userId, name: r.userName, email: r.userEmail, role: r.userRole },
  kind: r.kind,
  status: statusOf(r, at),
  reason: r.reason,
  starts_at: seconds(r.startsAt),
  ends_at: secondsOrNull(r.endsAt),
  created_by: r.createdByName === null ? null : { id: r.createdBy, name: r.createdByName },
  proposal_id: r.proposalId,
  lifted_at: secondsOrNull(r.liftedAt),
  lifted_by: r.liftedBy === null || r.liftedByName === null ? null : { id: r.liftedBy, name: r.liftedByName },
  lift_reason: r.liftReason,
  contests: contests.filter((c) => c.restrictionId === r.id).map(toContest),
});

/** The user's own restriction with its statement of reasons in their language. */
export const toUserRestriction = (r: RestrictionRow, contests: ContestRow[], at: Date, locale: Locale, business: boolean): UserRestriction => {
  const mine = contests.filter((c) => c.restrictionId === r.id);
  const active = statusOf(r, at) === 'active';
  return {
    id: r.id,
    kind: r.kind,
    active,
    starts_at: seconds(r.startsAt),
    ends_at: secondsOrNull(r.endsAt),
    lifted_at: secondsOrNull(r.liftedAt),
    lift_reason: r.liftReason,
    locale,
    statement: restrictionStatement({ kind: r.kind, reason: r.reason, starts_at: seconds(r.startsAt), ends_at: secondsOrNull(r.endsAt), business }, locale),
    contests: mine.map(toContest),
    may_contest: active && mine.length < MAX_CONTESTS,
  };
};

export const toProposalRead = (p: ProposalRow): ProposalRead => ({
  id: p.id,
  user: { id: p.userId, name: p.userName, email: p.userEmail, role: p.userRole },
  kind: p.kind,
  signal: p.signal,
  count: p.count,
  window_days: p.windowDays,
  created_at: seconds(p.createdAt),
  status: p.status,
  decided_at: secondsOrNull(p.decidedAt),
  decided_by: p.decidedBy === null || p.decidedByName === null ? null : { id: p.decidedBy, name: p.decidedByName },
  decision_reason: p.decisionReason,
  restriction_id: p.restrictionId,
});

export const toPaymentLine = (p: PaymentLine): OpsSearchResult['payments'][number] => ({
  id: p.id,
  shipment_id: p.shipmentId,
  user_id: p.userId,
  provider_ref: p.providerRef,
  amount: euros(p.amountCents),
  method: p.method,
  status: p.status,
  created_at: seconds(p.createdAt),
});

export const toInvoiceLine = (i: InvoiceLine): OpsSearchResult['invoices'][number] => ({
  id: i.id,
  number: i.number,
  kind: i.kind,
  user_id: i.userId,
  shipment_id: i.shipmentId,
  total: euros(i.totalCents),
  issue_date: i.issueDate,
});

export { seconds, euros };
