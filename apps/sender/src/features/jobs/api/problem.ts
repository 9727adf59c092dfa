import type { ProblemKind, ProblemReport, SenderProblemRead } from '@vm/domain/problems';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// Issue 23 part 1: a problem with a job. GET /api/shipment/{id}/problem says whether one was
// reported (with both parties' statements and staff's decision) and what the sender may report
// now; POST /api/shipment/{id}/problem reports one (multipart: `content` as JSON, photos as files).

/** Under the job's key (an event of the job reads it again); the state in the key reads it again when the job moves. */
export const problemQuery = (shipmentId: number, state: ShipmentStateName) =>
  queryOptions({
    queryKey: [...queryKeys.shipment(shipmentId), 'problem', state] as const,
    queryFn: ({ signal }) => call('GET /api/shipment/:id/problem', { params: { id: shipmentId }, signal }),
  });

/**
 * The previous state's answer stays while the new one loads: a report being written (the dialog
 * lives under it) must not vanish when the driver moves the job on (delivered to finalised).
 */
export const useProblem = (shipmentId: number, state: ShipmentStateName, enabled: boolean) => useQuery({ ...problemQuery(shipmentId, state), enabled, placeholderData: keepPreviousData });

/** What the form sends: photos per package concerned, and photos of no package. */
export type ProblemDraft = { kind: ProblemKind; text: string; packages: { packageId: number; photos: File[] }[]; photos: File[] };

/** The `content` JSON and its files: each photo is named by its file field (`package_{id}_{n}`, `photo_{n}`). */
export function problemContent(d: ProblemDraft): { content: ProblemReport; files: [string, File][] } {
  const files: [string, File][] = [];
  const name = (field: string, file: File) => {
    files.push([field, file]);
    return field;
  };
  const packages = d.packages.map((p) => ({ package_id: p.packageId, photos: p.photos.map((f, i) => name(`package_${p.packageId}_${i + 1}`, f)) }));
  const photos = d.photos.map((f, i) => name(`photo_${i + 1}`, f));
  return { content: { kind: d.kind, text: d.text, packages, photos }, files };
}

/** The multipart body of a report. */
export function problemForm(d: ProblemDraft): FormData {
  const { content, files } = problemContent(d);
  const form = new FormData();
  form.append('content', JSON.stringify(content));
  for (const [field, file] of files) form.append(field, file, file.name);
  return form;
}

export const reportProblem = ({ shipmentId, draft }: { shipmentId: number; draft: ProblemDraft }) => call('POST /api/shipment/:id/problem', { params: { id: shipmentId }, form: problemForm(draft) });

/** After a report the problem shows at once; the job (its delivery answer, its money) is read again. */
export function useReportProblem(shipmentId: number, state: ShipmentStateName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reportProblem,
    onSuccess: async (problem) => {
      const key = problemQuery(shipmentId, state).queryKey;
      client.setQueryData(key, (old: SenderProblemRead | undefined) => ({ problem, may_report: [], report_by: old?.report_by ?? null }));
      await client.invalidateQueries({ queryKey: queryKeys.shipment(shipmentId), predicate: (q) => !q.queryKey.includes('problem') });
    },
  });
}
