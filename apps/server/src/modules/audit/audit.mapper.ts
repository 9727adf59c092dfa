import type { AuditEntryRead } from '@vm/domain';

type Listed = {
  id: number;
  at: Date;
  staffId: number | null;
  staffName: string | null;
  staffEmail: string | null;
  action: string;
  subjectType: string | null;
  subjectId: number | null;
  reason: string | null;
  details: Record<string, unknown>;
};

export const toAuditEntryRead = (r: Listed): AuditEntryRead => ({
  id: r.id,
  at: Math.floor(r.at.getTime() / 1000),
  staff: r.staffId !== null ? { id: r.staffId, name: r.staffName ?? '', email: r.staffEmail ?? '' } : null,
  action: r.action,
  subject_type: r.subjectType,
  subject_id: r.subjectId,
  reason: r.reason,
  details: r.details,
});
