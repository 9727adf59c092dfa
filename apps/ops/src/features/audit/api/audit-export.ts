import type { AuditExportQuery } from '@vm/domain/ops-finance';
import { ApiError } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { readOpsSession } from '../../../lib/ops-session.ts';

/**
 * Issue 23: the audit log's export (admins), fetched with the staff session (never a public link):
 * the file and the name the server gave it. The server writes the download itself to the log.
 */
export async function fetchAuditExport(q: AuditExportQuery): Promise<{ blob: Blob; filename: string }> {
  const token = readOpsSession()?.token;
  const search = new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v ? [[k, String(v)]] : [])));
  const res = await fetch(`/api/ops/audit/export?${search}`, { headers: { 'accept-language': localeTag(), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null), null);
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `audit-log.${q.format}`;
  return { blob: await res.blob(), filename };
}
