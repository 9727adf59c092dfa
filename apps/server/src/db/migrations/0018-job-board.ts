import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 21, the drivers' job board (decision 0027): each shipment's load summary in columns, so the
// board filters "fits one of my vehicles" in SQL with comparisons of maxima (the rule of
// packages/domain/src/job-board.ts, copied below for the rows that exist now), the indexes for the
// open shipments, and each driver's last board area (who hears of a new matching job).

const LOAD_COLUMNS = ['load_weight_kg', 'load_long_cm', 'load_mid_cm', 'load_short_cm', 'load_pallets', 'load_pallet_long_cm', 'load_pallet_short_cm', 'load_pallet_height_cm'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table shipments ${LOAD_COLUMNS.map((c) => `add column ${c} integer not null default 0`).join(', ')}`).execute(db);

  // Loose goods: their sides sorted (greatest, middle, least); pallets upright with their footprint;
  // euro and ISO pallets count as floor places.
  await sql`
    update shipments s set
      load_weight_kg = t.weight, load_long_cm = t.long, load_mid_cm = t.mid, load_short_cm = t.short,
      load_pallets = t.pallets, load_pallet_long_cm = t.pl, load_pallet_short_cm = t.ps, load_pallet_height_cm = t.ph
    from (
      select shipment_id,
        coalesce(sum(weight), 0)::int as weight,
        coalesce(max(case when type <> 'pallet' then greatest(length, width, height) end), 0)::int as long,
        coalesce(max(case when type <> 'pallet' then length + width + height - greatest(length, width, height) - least(length, width, height) end), 0)::int as mid,
        coalesce(max(case when type <> 'pallet' then least(length, width, height) end), 0)::int as short,
        count(*) filter (where type = 'pallet' and pallet_type in ('euro_pallet', 'iso_pallet'))::int as pallets,
        coalesce(max(case when type = 'pallet' then greatest(length, width) end), 0)::int as pl,
        coalesce(max(case when type = 'pallet' then least(length, width) end), 0)::int as ps,
        coalesce(max(case when type = 'pallet' then height end), 0)::int as ph
      from packages group by shipment_id
    ) t
    where t.shipment_id = s.id`.execute(db);

  // The board reads open shipments only: partial btree indexes (no PostGIS; PGlite runs them too).
  // By pickup position and newest first. The position key is a strip of 0.1 degree of latitude
  // (about 11 km) then the longitude, so a box is one tight range of longitude per strip (a key on
  // the latitude alone scans whole bands of the country). Each index carries every column the
  // board's filter and order read, so the page is an index-only scan (a heap page per candidate
  // row cost ten times more in bench:jobboard).
  const covered = `pickup_date_till, delivery_lat, delivery_lng, ${LOAD_COLUMNS.join(', ')}`;
  await sql.raw(`create index shipments_board_strip_idx on shipments ((floor(pickup_lat * 10)::int), pickup_lng) include (pickup_lat, id, created_at, ${covered}) where state = 'new'`).execute(db);
  await sql.raw(`create index shipments_board_new_idx on shipments (created_at desc, id desc) include (pickup_lat, pickup_lng, ${covered}) where state = 'new'`).execute(db);

  // A driver's last board area: a position with a radius, or a route with a detour; its box
  // (degrees) lets a new job find the areas that may hold it.
  await db.schema
    .createTable('board_areas')
    .addColumn('driver_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('position', 'route')`))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('to_lat', 'double precision')
    .addColumn('to_lng', 'double precision')
    .addColumn('km', 'double precision', (c) => c.notNull())
    .addColumn('min_lat', 'double precision', (c) => c.notNull())
    .addColumn('max_lat', 'double precision', (c) => c.notNull())
    .addColumn('min_lng', 'double precision', (c) => c.notNull())
    .addColumn('max_lng', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index board_areas_box_idx on board_areas (min_lat, max_lat)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_areas').execute();
  await sql`drop index shipments_board_new_idx`.execute(db);
  await sql`drop index shipments_board_strip_idx`.execute(db);
  await sql.raw(`alter table shipments ${LOAD_COLUMNS.map((c) => `drop column ${c}`).join(', ')}`).execute(db);
}
