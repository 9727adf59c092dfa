// The job board bench's data (bench/jobboard.ts): bulk SQL only, no insert per row.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

export const DRIVERS = 2_000;
/** Drivers who sign in and query (their vehicles vary with their number). */
export const QUERYING = 20;
export const PASSWORD = 'bench-rijden-123';
/** Belgium's box, as the issue gives it. */
const BE = { minLat: 49.5, maxLat: 51.5, minLng: 2.5, maxLng: 6.4 };

export async function seed(db: Db, SHIPMENTS: number): Promise<void> {
  await sql`select setseed(0.21)`.execute(db);
  // 2,000 senders and 2,000 drivers.
  await sql`
    insert into users (email, password_hash, first_name, last_name, cellphone, birthday, address_formatted, role)
    select (case when g <= ${DRIVERS} then 'sender' else 'driver' end) || g || '@example.be', 'not-a-real-hash', 'An', 'Peeters',
           '+32470' || lpad(g::text, 6, '0'), '1980-01-01', '', case when g <= ${DRIVERS} then 'sender' else 'driver' end
    from generate_series(1, ${2 * DRIVERS}) g`.execute(db);
  // One vehicle each (car, van, small truck, truck in turn), a second (a van) for every other driver.
  await sql`
    insert into vehicles (driver_id, type, name, payload_kg, max_mass_kg, load_length_cm, load_width_cm, load_height_cm)
    select u.id, t.type, 'Bench ' || t.type, t.payload, t.mass, t.len, t.wid, t.hei
    from (select id, row_number() over (order by id) as k from users where role = 'driver') u
    join (values (0, 'car', 500, 2000, 180, 120, 100), (1, 'van', 1200, 3500, 340, 170, 180),
                 (2, 'small_truck', 3000, 7200, 500, 220, 230), (3, 'truck', 6000, 12000, 720, 245, 260)) as t(i, type, payload, mass, len, wid, hei)
      on t.i = u.k % 4
    union all
    select u.id, 'van', 'Bench tweede', 1200, 3500, 340, 170, 180
    from (select id, row_number() over (order by id) as k from users where role = 'driver') u where u.k % 2 = 0`.execute(db);

  const side = (p: 'pickup' | 'delivery') =>
    ['date_from', 'date_till', 'timezone', 'lat', 'lng', 'street', 'number', 'box', 'zip', 'city', 'country', 'notes', 'name'].map((c) => `${p}_${c}`).join(', ');
  // Pickups spread over Belgium's box; deliveries up to about 60 km away; one a minute into the past.
  await sql`
    with s as (
      select g, ${BE.minLat}::float8 + random() * ${BE.maxLat - BE.minLat}::float8 as plat, ${BE.minLng}::float8 + random() * ${BE.maxLng - BE.minLng}::float8 as plng,
             (random() - 0.5) * 1.0 as dlat, (random() - 0.5) * 1.6 as dlng,
             date_trunc('day', now()) + (2 + g % 30) * interval '1 day' + interval '8 hours' as pickup_at
      from generate_series(1, ${SHIPMENTS}) g
    )
    insert into shipments (reference_id, sender_id, state, insurance, ${sql.raw(side('pickup'))}, ${sql.raw(side('delivery'))},
                           route_points, route_distance, route_duration, route_estimated, created_at, updated_at)
    select 'VM' || lpad(s.g::text, 8, '0'), 1 + s.g % ${DRIVERS}, 'new', 'cmr',
           s.pickup_at, s.pickup_at + interval '4 hours', 'Europe/Brussels', s.plat, s.plng, 'Kerkstraat', '1', '', '1000', 'Brussel', 'BE', '', 'Magazijn',
           s.pickup_at + interval '1 day', s.pickup_at + interval '1 day 6 hours', 'Europe/Brussels', s.plat + s.dlat, s.plng + s.dlng, 'Meir', '2', '', '2000', 'Antwerpen', 'BE', '', 'Winkel',
           '', 50000, 3600, true, now() - s.g * interval '1 minute', now() - s.g * interval '1 minute'
    from s`.execute(db);
  await sql`insert into shipment_states (shipment_id, state, created_at) select id, 'new', created_at from shipments`.execute(db);
  // One to three packages: small goods, a washing machine, euro pallets, a long item, a heavy crate.
  await sql`
    insert into packages (shipment_id, position, type, description, notes, width, height, length, weight, tags, pallet_type, must_be_traded)
    select s.id, p.n, t.type, t.descr, '', t.w, t.h, t.l, t.kg, '[]'::jsonb, t.pallet, false
    from shipments s
    cross join lateral generate_series(0, s.id % 3) p(n)
    join (values (0, 'small', 'Dozen', 50, 50, 100, 50, null), (1, 'medium', 'Wasmachine', 100, 100, 200, 500, null),
                 (2, 'pallet', 'Pallet tegels', 80, 150, 120, 400, 'euro_pallet'), (3, 'boxed', 'Buizen', 30, 30, 290, 120, null),
                 (4, 'boxed', 'Kist', 120, 120, 200, 1800, null)) as t(i, type, descr, w, h, l, kg, pallet)
      on t.i = (s.id + p.n * 2) % 5`.execute(db);
  // The load summary, as the shipments repository writes it at booking (migration 0018's backfill).
  await sql`
    update shipments s set
      load_weight_kg = t.weight, load_long_cm = t.long, load_mid_cm = t.mid, load_short_cm = t.short,
      load_pallets = t.pallets, load_pallet_long_cm = t.pl, load_pallet_short_cm = t.ps, load_pallet_height_cm = t.ph
    from (
      select shipment_id,
        sum(weight)::int as weight,
        coalesce(max(case when type <> 'pallet' then greatest(length, width, height) end), 0)::int as long,
        coalesce(max(case when type <> 'pallet' then length + width + height - greatest(length, width, height) - least(length, width, height) end), 0)::int as mid,
        coalesce(max(case when type <> 'pallet' then least(length, width, height) end), 0)::int as short,
        count(*) filter (where type = 'pallet' and pallet_type in ('euro_pallet', 'iso_pallet'))::int as pallets,
        coalesce(max(case when type = 'pallet' then greatest(length, width) end), 0)::int as pl,
        coalesce(max(case when type = 'pallet' then least(length, width) end), 0)::int as ps,
        coalesce(max(case when type = 'pallet' then height end), 0)::int as ph
      from packages group by shipment_id
    ) t where t.shipment_id = s.id`.execute(db);
  // Every driver's last board area: a position with 10 to 100 km (the live side reads them).
  await sql`
    insert into board_areas (driver_id, kind, lat, lng, km, min_lat, max_lat, min_lng, max_lng, updated_at)
    select id, 'position', a.lat, a.lng, a.km, a.lat - a.km / 111.2 * 1.01, a.lat + a.km / 111.2 * 1.01,
           a.lng - a.km / (111.2 * 0.62) * 1.01, a.lng + a.km / (111.2 * 0.62) * 1.01, now()
    from (select id, ${BE.minLat}::float8 + random() * ${BE.maxLat - BE.minLat}::float8 as lat, ${BE.minLng}::float8 + random() * ${BE.maxLng - BE.minLng}::float8 as lng,
                 (array[10, 25, 50, 100])[1 + id % 4]::float8 as km from users where role = 'driver') a`.execute(db);
  // The querying drivers can sign in.
  const hash = await hashPassword(PASSWORD);
  await sql`update users set password_hash = ${hash} where id in (select id from users where role = 'driver' order by id limit ${QUERYING})`.execute(db);
  // A steady state, as autovacuum keeps it: statistics, and the visibility map the index-only scans read.
  await sql`vacuum analyze`.execute(db);
}

