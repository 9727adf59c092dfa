import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Lets Kysely's own PostgresDialect drive an embedded PGlite. PGlite has one connection, so a
 * client is handed out under a queue: a transaction keeps it until release(), nothing interleaves.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => turn);
      await previous;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          const result = await pg.query<R>(sql, parameters as unknown[]);
          return {
            command: commandOf(sql),
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        },
        release: () => release(),
      };
      return client as PostgresPoolClient;
    },
    async end() {
      await tail;
    },
  };
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const verb = /\b(insert|update|delete|merge)\b/i.exec(sql)?.[1]?.toUpperCase();
  if (/^\s*select\b/i.test(sql) || !verb) return 'SELECT';
  return verb as PostgresQueryResult<unknown>['command'];
}
