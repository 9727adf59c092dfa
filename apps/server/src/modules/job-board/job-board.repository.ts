import { areaBox, areaPlane, areaStrips, BOARD_STRIPS_PER_DEGREE, type BoardArea, type BoardSort, type Box, type FitVehicle, LOAD_KEYS, type LoadSummary, nearestRings, statesWhere } from '@vm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The states of a job on the board: open for offers. */
const OPEN_STATES = statesWhere((d) => d.phase === 'open');

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

/** Newest first reads the newest open jobs first: a wide area fills its page among them. */
const RECENT_FIRST = 5000;

/**
 * The board's rows: `limit` rows from the first (the caller asks one more than its page). Nearest
 * first looks in the domain's smaller rings first and widens only while it finds fewer. Newest first
 * looks among the RECENT_FIRST newest open jobs first (the newest index, read in order): when they
 * hold a full page it is the page (any newer match would be among them); a small area that does not
 * fill it then reads its strips.
 */
export async function boardHits(db: Executor, q: { area: BoardArea; limits: readonly LoadSummary[]; sort: BoardSort; limit: number; now: Date }): Promise<BoardHit[]> {
  const rounds: { area: BoardArea; recent: number | null }[] =
    q.sort === 'nearest' ? nearestRings(q.area).map((area) => ({ area, recent: null })) : [{ area: q.area, recent: RECENT_FIRST }, { area: q.area, recent: null }];
  let hits: BoardHit[] = [];
  for (const round of rounds) {
    hits = await boardPage(db, { ...q, ...round, offset: 0 });
    if (hits.length === q.limit) break;
  }
  return hits;
}

/** The straight line on an area's flat map (domain areaPlane) between two points, in degrees: never more than the km. */
function flatDeg(cosLat: number, aLat: Num, aLng: Num, bLat: Num, bLng: Num): RawBuilder<number> {
  return sql<number>`sqrt(power(${f(aLat)} - ${f(bLat)}, 2) + power((${f(aLng)} - ${f(bLng)}) * ${cosLat}::float8, 2))`;
}

/**
 * One page of the board: open shipments (new, pickup window not closed) whose pickup is in one of
 * the area's strips (domain areaStrips: a strip of latitude and its longitudes, one range of the
 * partial index each) and in the area, fitting one of the vehicles' limits; newest or nearest
 * (smallest detour) first, ties by id. Along a route the legs on the area's flat map (a few square
 * roots, never longer than the km) set aside most of the corridor's jobs before the exact detour's
 * twelve trigonometric calls.
 */
export async function boardPage(
  db: Executor,
  q: { area: BoardArea; limits: readonly LoadSummary[]; sort: BoardSort; limit: number; offset: number; now: Date; recent?: number | null },
): Promise<BoardHit[]> {
  const { area } = q;
  const strips = areaStrips(area);
  if (strips.length === 0) return [];
  const box = areaBox(area);
  const pLat = col('s.pickup_lat');
  const pLng = col('s.pickup_lng');
  const dLat = col('s.delivery_lat');
  const dLng = col('s.delivery_lng');
  const start = area.kind === 'position' ? area.at : area.from;
  const distance = havKm(start.lat, start.lng, pLat, pLng);
  let detour = sql<number>`null::float8`;
  let flat = sql`true`;
  if (area.kind === 'route') {
    const { from, to } = area;
    detour = sql<number>`(${distance} + ${havKm(pLat, pLng, dLat, dLng)} + ${havKm(dLat, dLng, to.lat, to.lng)} - ${havKm(from.lat, from.lng, to.lat, to.lng)})`;
    const { cosLat, budget } = areaPlane(area);
    flat = sql`${flatDeg(cosLat, from.lat, from.lng, pLat, pLng)} + ${flatDeg(cosLat, pLat, pLng, dLat, dLng)} + ${flatDeg(cosLat, dLat, dLng, to.lat, to.lng)} <= ${budget + 1e-9}::float8`;
  }
  const within = area.kind === 'position' ? sql`t.distance_km <= ${area.radius_km}::float8` : sql`t.detour_km <= ${area.detour_km}::float8`;
  const order = q.sort === 'newest' ? sql`t.created_at desc, t.id desc` : area.kind === 'position' ? sql`t.distance_km, t.id` : sql`t.detour_km, t.id`;
  // Where the rows come from: the area's strips (one index range each), or the newest open jobs in the box.
  const ranges = sql.join(strips.map((r) => sql`(${r.strip}::int, ${r.minLng}::float8, ${r.maxLng}::float8)`));
  const source = q.recent
    ? sql`(select id, created_at, pickup_lat, pickup_lng, delivery_lat, delivery_lng, pickup_date_till, ${sql.join(LOAD_KEYS.map((k) => sql.ref(LOAD_COLUMN[k])))}
         from shipments where state in (${sql.join(OPEN_STATES)}) order by created_at desc, id desc limit ${q.recent}) s
       where s.pickup_lat between ${box.minLat}::float8 and ${box.maxLat}::float8 and s.pickup_lng between ${box.minLng}::float8 and ${box.maxLng}::float8 and`
    : sql`(values ${ranges}) as r (strip, min_lng, max_lng)
       join shipments s on floor(s.pickup_lat * ${sql.lit(BOARD_STRIPS_PER_DEGREE)})::int = r.strip and s.pickup_lng between r.min_lng and r.max_lng
       where s.state in (${sql.join(OPEN_STATES)}) and`;
  const { rows } = await sql<{ id: number; distanceKm: number; detourKm: number | null }>`
    select t.id, t.distance_km, t.detour_km from (
      select s.id, s.created_at, ${distance} as distance_km, ${detour} as detour_km
      from ${source} s.pickup_date_till > ${q.now}
        and ${fitsAny(q.limits, 's')}
        and ${flat}
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
    where s.id = ${shipmentId} and s.state in (${sql.join(OPEN_STATES)}) and s.pickup_date_till > ${now} and a.driver_id <> s.sender_id
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
