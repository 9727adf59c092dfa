import { areaBox, type BoardArea, type BoardSort, type Box, type FitVehicle, LOAD_KEYS, type LoadSummary, nearestRings } from '@vm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Issue 21, the drivers' job board (decision 0027). All SQL of the module: the board's page, each
// driver's last area, the drivers a new job matches, and the live consumer's cursor. Distances are
// straight lines (haversine, the domain's km) computed in SQL; plain btree indexes narrow first.

/** 2 x the earth's radius in km, as the domain's haversineMetres. */
const EARTH_DIAMETER_KM = 2 * 6371.0088;

type Num = RawBuilder<number> | number;
const f = (x: Num) => (typeof x === 'number' ? sql`${x}::float8` : x);

/** Straight-line km between two points, in SQL (the domain's km()). */
function havKm(aLat: Num, aLng: Num, bLat: Num, bLng: Num): RawBuilder<number> {
  const [a, b, c, d] = [f(aLat), f(aLng), f(bLat), f(bLng)];
  return sql<number>`(${EARTH_DIAMETER_KM}::float8 * asin(least(1, sqrt(power(sin(radians(${c} - ${a}) / 2), 2) + cos(radians(${a})) * cos(radians(${c})) * power(sin(radians(${d} - ${b}) / 2), 2)))))`;
}

const col = (name: string) => sql<number>`${sql.ref(name)}`;

/** The load summary columns, per domain key. */
const LOAD_COLUMN: Record<keyof LoadSummary, string> = {
  weight_kg: 'load_weight_kg',
  long_cm: 'load_long_cm',
  mid_cm: 'load_mid_cm',
  short_cm: 'load_short_cm',
  pallets: 'load_pallets',
  pallet_long_cm: 'load_pallet_long_cm',
  pallet_short_cm: 'load_pallet_short_cm',
  pallet_height_cm: 'load_pallet_height_cm',
};

/** Strips of latitude per degree in the board's index (migration 0018: floor(pickup_lat * 10)). */
const STRIPS_PER_DEGREE = 10;

/** "Fits one of these vehicles": each vehicle's limits (domain vehicleLimits) against the summary columns, any vehicle. */
function fitsAny(limits: readonly LoadSummary[], alias: string): RawBuilder<boolean> {
  const one = (l: LoadSummary) => sql`(${sql.join(LOAD_KEYS.map((k) => sql`${sql.ref(`${alias}.${LOAD_COLUMN[k]}`)} <= ${Math.floor(l[k])}::int`), sql` and `)})`;
  return sql<boolean>`(${sql.join(limits.map(one), sql` or `)})`;
}

/** The driver's vehicles in use (not removed). Read here: the accounts module has no read of them for other modules yet. */
export async function vehiclesInUse(db: Executor, driverId: number): Promise<FitVehicle[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['payloadKg', 'loadLengthCm', 'loadWidthCm', 'loadHeightCm'])
    .where('driverId', '=', driverId)
    .where('removedAt', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ payload_kg: r.payloadKg, load_length_cm: r.loadLengthCm, load_width_cm: r.loadWidthCm, load_height_cm: r.loadHeightCm }));
}

export type BoardHit = { id: number; distanceKm: number; detourKm: number | null };

/**
 * The board's rows: `limit` rows from the first (the caller asks one more than its page). Nearest
 * first looks in the domain's smaller rings first and widens only while it finds fewer.
 */
export async function boardHits(db: Executor, q: { area: BoardArea; limits: readonly LoadSummary[]; sort: BoardSort; limit: number; now: Date }): Promise<BoardHit[]> {
  let hits: BoardHit[] = [];
  for (const part of q.sort === 'nearest' ? nearestRings(q.area) : [q.area]) {
    hits = await boardPage(db, { ...q, area: part, box: areaBox(part), offset: 0 });
    if (hits.length === q.limit) break;
  }
  return hits;
}

/**
 * One page of the board: open shipments (new, pickup window not closed) whose pickup is in the
 * box (the partial index on latitude strips and longitude narrows with it) and in the area, fitting one of the vehicles' limits; newest or nearest (smallest detour)
 * first, ties by id.
 */
export async function boardPage(
  db: Executor,
  q: { area: BoardArea; box: Box; limits: readonly LoadSummary[]; sort: BoardSort; limit: number; offset: number; now: Date },
): Promise<BoardHit[]> {
  const { area } = q;
  // The strips of latitude the box spans (the index's first key: one tight range of longitude in each).
  const b = q.box;
  const strips: number[] = [];
  for (let k = Math.floor(b.minLat * STRIPS_PER_DEGREE); k <= Math.floor(b.maxLat * STRIPS_PER_DEGREE); k++) strips.push(k);
  const pLat = col('s.pickup_lat');
  const pLng = col('s.pickup_lng');
  const start = area.kind === 'position' ? area.at : area.from;
  const distance = havKm(start.lat, start.lng, pLat, pLng);
  const detour =
    area.kind === 'route'
      ? sql<number>`(${distance} + ${havKm(pLat, pLng, col('s.delivery_lat'), col('s.delivery_lng'))} + ${havKm(col('s.delivery_lat'), col('s.delivery_lng'), area.to.lat, area.to.lng)} - ${havKm(area.from.lat, area.from.lng, area.to.lat, area.to.lng)})`
      : sql<number>`null::float8`;
  const within = area.kind === 'position' ? sql`t.distance_km <= ${area.radius_km}::float8` : sql`t.detour_km <= ${area.detour_km}::float8`;
  const order = q.sort === 'newest' ? sql`t.created_at desc, t.id desc` : area.kind === 'position' ? sql`t.distance_km, t.id` : sql`t.detour_km, t.id`;
  const { rows } = await sql<{ id: number; distanceKm: number; detourKm: number | null }>`
    select t.id, t.distance_km, t.detour_km from (
      select s.id, s.created_at, ${distance} as distance_km, ${detour} as detour_km
      from shipments s
      where s.state = 'new' and s.pickup_date_till > ${q.now}
        and floor(s.pickup_lat * ${sql.lit(STRIPS_PER_DEGREE)})::int in (${sql.join(strips.map((k) => sql.lit(k)))})
        and s.pickup_lng between ${b.minLng}::float8 and ${b.maxLng}::float8
        and s.pickup_lat between ${b.minLat}::float8 and ${b.maxLat}::float8
        and ${fitsAny(q.limits, 's')}
    ) t
    where ${within}
    order by ${order}
    limit ${q.limit} offset ${q.offset}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), distanceKm: Number(r.distanceKm), detourKm: r.detourKm === null ? null : Number(r.detourKm) }));
}

/**
 * Keeps a driver's last board area (one row per driver), in the caller's transaction, whose commit
 * then does not wait for the disk: the area is a hint for pushes, rewritten by every board query.
 */
export async function saveArea(db: Executor, driverId: number, area: BoardArea, box: Box, now: Date): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(db);
  const start = area.kind === 'position' ? area.at : area.from;
  const row = {
    kind: area.kind,
    lat: start.lat,
    lng: start.lng,
    toLat: area.kind === 'route' ? area.to.lat : null,
    toLng: area.kind === 'route' ? area.to.lng : null,
    km: area.kind === 'position' ? area.radius_km : area.detour_km,
    ...box,
    updatedAt: now,
  };
  await db
    .insertInto('boardAreas')
    .values({ driverId, ...row })
    .onConflict((oc) => oc.column('driverId').doUpdateSet(row))
    .execute();
}

/**
 * The drivers a shipment matches now: open, its pickup in their last area (box, then the exact
 * distance or detour), and one of their vehicles in use fits its load (the domain's vehicleLimits,
 * written in SQL over the vehicles' columns). Never the sender.
 */
export async function matchingDrivers(db: Executor, shipmentId: number, now: Date): Promise<number[]> {
  const pLat = col('s.pickup_lat');
  const pLng = col('s.pickup_lng');
  const dLat = col('s.delivery_lat');
  const dLng = col('s.delivery_lng');
  const [aLat, aLng, toLat, toLng] = [col('a.lat'), col('a.lng'), col('a.to_lat'), col('a.to_lng')];
  const [L, W, H] = [sql`v.load_length_cm`, sql`v.load_width_cm`, sql`v.load_height_cm`];
  const { rows } = await sql<{ driverId: number }>`
    select a.driver_id from shipments s
    join board_areas a on s.pickup_lat between a.min_lat and a.max_lat and s.pickup_lng between a.min_lng and a.max_lng
    where s.id = ${shipmentId} and s.state = 'new' and s.pickup_date_till > ${now} and a.driver_id <> s.sender_id
      and case when a.kind = 'position' then ${havKm(aLat, aLng, pLat, pLng)} <= a.km
          else ${havKm(aLat, aLng, pLat, pLng)} + ${havKm(pLat, pLng, dLat, dLng)} + ${havKm(dLat, dLng, toLat, toLng)} - ${havKm(aLat, aLng, toLat, toLng)} <= a.km end
      and exists (
        select 1 from vehicles v where v.driver_id = a.driver_id and v.removed_at is null
          and s.load_weight_kg <= v.payload_kg
          and s.load_long_cm <= greatest(${L}, ${W}, ${H})
          and s.load_mid_cm <= ${L} + ${W} + ${H} - greatest(${L}, ${W}, ${H}) - least(${L}, ${W}, ${H})
          and s.load_short_cm <= least(${L}, ${W}, ${H})
          and s.load_pallet_long_cm <= greatest(${L}, ${W})
          and s.load_pallet_short_cm <= least(${L}, ${W})
          and s.load_pallet_height_cm <= ${H}
          and s.load_pallets <= greatest((${L} / 120) * (${W} / 80), (${L} / 80) * (${W} / 120)))
    order by a.driver_id`.execute(db);
  return rows.map((r) => r.driverId);
}

/** What a board event tells of a job. */
export async function jobFacts(db: Executor, id: number): Promise<{ reference: string; pickupZip: string; pickupCity: string; deliveryZip: string; deliveryCity: string } | null> {
  const row = await db
    .selectFrom('shipments')
    .select(['referenceId as reference', 'pickupZip', 'pickupCity', 'deliveryZip', 'deliveryCity'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

// --- the live consumer's cursor (the shared event_cursors table, as the mail worker's) ---

/** The cursor row, locked until the transaction ends: one consumer at a time across processes. */
export async function lockCursor(trx: Executor, name: string): Promise<number> {
  const row = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirst();
  if (row) return Number(row.lastId);
  // First start: begin at the newest event (an existing database does not announce its history).
  await sql`insert into event_cursors (name, last_id) select ${name}, coalesce(max(id), 0) from events on conflict (name) do nothing`.execute(trx);
  const created = await trx.selectFrom('eventCursors').select('lastId').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
  return Number(created.lastId);
}

export async function moveCursor(trx: Executor, name: string, lastId: number): Promise<void> {
  await trx.updateTable('eventCursors').set({ lastId }).where('name', '=', name).execute();
}

/** Events after an id, oldest first: only their id, type and shipment. */
export async function eventsAfter(trx: Executor, afterId: number, limit: number): Promise<{ id: number; type: string; shipmentId: number | null }[]> {
  const rows = await trx.selectFrom('events').select(['id', 'type', 'shipmentId']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type, shipmentId: r.shipmentId }));
}
