import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DriverProfilesTable } from '../../db/schema.ts';

// Every function takes the executor first (`db`, or the service's `trx`).

export type DriverProfileRow = Selectable<DriverProfilesTable>;

export async function insertProfile(db: Executor, row: Insertable<DriverProfilesTable>): Promise<void> {
  await db.insertInto('driverProfiles').values(row).execute();
}

export async function findProfile(db: Executor, userId: number): Promise<DriverProfileRow | undefined> {
  return db.selectFrom('driverProfiles').selectAll().where('userId', '=', userId).executeTakeFirst();
}
