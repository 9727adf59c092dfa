import { sql } from 'kysely';
import type { Executor } from '../../src/db/database.ts';

/** Every text, varchar and jsonb column of the database's own tables, as information_schema lists them. */
export async function textColumns(db: Executor): Promise<{ table: string; column: string; type: string }[]> {
  const { rows } = await sql<{ tableName: string; columnName: string; dataType: string }>`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
    order by c.table_name, c.column_name`.execute(db);
  return rows.map((r) => ({ table: r.tableName, column: r.columnName, type: r.dataType }));
}
