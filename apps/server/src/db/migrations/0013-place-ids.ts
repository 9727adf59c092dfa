import { type Kysely, type Migration, sql } from 'kysely';

// Frozen in time: never import application code here.
// An address keeps the id of its place in the postcode data next to the zip and town it was typed
// with, so the town is shown in each reader's language (issue 20, defect 6: "4000 Liège" booked in
// Dutch read "4000 Luik" in the French app). The ids of existing addresses come from (zip, city)
// through the lookup the caller hands over (the data lives outside the database); a place the
// data does not know stays null and keeps its stored name.

export type PlaceLookup = (zip: string, city: string, country: string) => string | null;

export function placeIds(lookup: PlaceLookup): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('shipments').addColumn('pickup_place_id', 'text').addColumn('delivery_place_id', 'text').execute();
      for (const side of ['pickup', 'delivery'] as const) {
        const zip = sql.ref(`${side}_zip`);
        const city = sql.ref(`${side}_city`);
        const country = sql.ref(`${side}_country`);
        const { rows } = await sql<{ zip: string; city: string; country: string }>`select distinct ${zip} as zip, ${city} as city, ${country} as country from shipments`.execute(db);
        for (const r of rows) {
          const id = lookup(r.zip, r.city, r.country);
          if (id === null) continue;
          await sql`update shipments set ${sql.ref(`${side}_place_id`)} = ${id} where ${zip} = ${r.zip} and ${city} = ${r.city} and ${country} = ${r.country}`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('shipments').dropColumn('pickup_place_id').dropColumn('delivery_place_id').execute();
    },
  };
}
