import type { ProblemKind, ProblemRead } from '@vm/domain';
import type { PhotoRow, ProblemRow, StatementRow } from './problems.repository.ts';

const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);
const euros = (cents: number | null) => (cents ?? 0) / 100;
const parseIds = (v: unknown): number[] => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v as number[]));

/**
 * A problem as the sender, the driver or staff read it. `photoBase` is the route its photos are
 * served under for that reader (the photo's file name follows).
 */
export function toProblemRead(p: ProblemRow, reference: string, s: { statements: StatementRow[]; photos: PhotoRow[] }, photoBase: string, coverCents: number | null): ProblemRead {
  return {
    id: p.id,
    shipment_id: p.shipmentId,
    reference,
    kind: p.kind as ProblemKind,
    status: p.status,
    reported_at: seconds(p.reportedAt),
    packages: parseIds(p.packageIds),
    statements: s.statements.map((st) => ({
      id: st.id,
      party: st.party,
      text: st.text,
      created_at: seconds(st.createdAt),
      photos: s.photos.filter((f) => f.statementId === st.id).map((f) => ({ id: f.id, package_id: f.packageId, url: `${photoBase}/${f.file}` })),
    })),
    decision:
      p.status === 'decided' && p.outcome && p.decidedAt
        ? {
            outcome: p.outcome,
            refund: euros(p.refundCents),
            released: euros(p.releasedCents),
            reason: p.reason ?? '',
            decided_at: seconds(p.decidedAt),
            insurance_cover: p.outcome === 'insurance' ? euros(coverCents) : null,
          }
        : null,
  };
}
