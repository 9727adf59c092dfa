// Issue 23 part 4: the export's shape (data.json) in one place. Values go out as the database holds
// them (dates as ISO text); JSON columns (invoice documents, consignment note entries) stay JSON.

export const EXPORT_FORMAT = 'vrachtmarkt-personal-data/1';

export function exportHeader(userId: number, at: Date): string {
  return `{"format":${JSON.stringify(EXPORT_FORMAT)},"user_id":${userId},"exported_at":${JSON.stringify(at.toISOString())},"sections":{`;
}

/** One section's JSON, with the comma that separates it from the one before. */
export function exportSection(first: boolean, section: string, table: string, rows: Record<string, unknown>[]): string {
  const body = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))).join(',');
  return `${first ? '' : ','}${JSON.stringify(`${section}.${table}`)}:[${body}]`;
}

export function exportFooter(files: string[]): string {
  return `},"files":${JSON.stringify(files)}}`;
}
