import pg from 'pg';

/** The same server and credentials as `base`, another database. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function connectAdmin(base: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  return client;
}
