import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import type { ProblemAnswer } from '@vm/domain/problems';
import { runKeys } from './api.ts';

// Issue 23 part 1: a problem the sender reported with an accepted job. GET
// /api/driver/shipment/{id}/problem reads it (and whether the driver may still answer); POST answers
// it once, with words and photos (multipart: `content` as JSON, the photos as files). Under the
// job's keys: whatever refreshes my jobs refreshes it too. It needs the network: never queued.

export const problemQuery = (id: number) => queryOptions({ queryKey: [...runKeys.all, 'problem', id] as const, queryFn: ({ signal }) => call('GET /api/driver/shipment/:id/problem', { params: { id }, signal }) });

export const useDriverProblem = (id: number, enabled: boolean) => useQuery({ ...problemQuery(id), enabled });

/** What the answer sends: photos per package concerned, and photos of no package. */
export type AnswerDraft = { text: string; packages: { packageId: number; photos: File[] }[]; photos: File[] };

/** The `content` JSON and its files: each photo is named by its file field (`package_{id}_{n}`, `photo_{n}`). */
export function answerContent(d: AnswerDraft): { content: ProblemAnswer; files: [string, File][] } {
  const files: [string, File][] = [];
  const name = (field: string, file: File) => {
    files.push([field, file]);
    return field;
  };
  const packages = d.packages.filter((p) => p.photos.length > 0).map((p) => ({ package_id: p.packageId, photos: p.photos.map((f, i) => name(`package_${p.packageId}_${i + 1}`, f)) }));
  const photos = d.photos.map((f, i) => name(`photo_${i + 1}`, f));
  return { content: { text: d.text, packages, photos }, files };
}

export function useAnswerProblem(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: AnswerDraft) => {
      const { content, files } = answerContent(d);
      const form = new FormData();
      form.append('content', JSON.stringify(content));
      for (const [field, file] of files) form.append(field, file, file.name);
      return call('POST /api/driver/shipment/:id/problem', { params: { id }, form });
    },
    onSuccess: (problem) => client.setQueryData(problemQuery(id).queryKey, { problem, may_answer: false }),
  });
}
