import { z } from 'zod';
import { haversineMetres, type LatLng } from './distance.ts';
import { driverJobReadSchema } from './marketplace.ts';
import type { ItemType, FixedType, PalletType } from './packages.ts';
import { PALLET_FOOTPRINT } from './packages.ts';

// Issue 21, the drivers' job board (decision 0027): which open shipments a vehicle can carry, and
// the board's query (near a position, or along a route with a detour). The server keeps each
// shipment's load summary in columns (migration 0018) and filters with the same rule in SQL.

/** A package as the fit rule needs it: stored sizes (cm, kg) and, for a pallet, its type. */
export type LoadPackage = { type: FixedType | ItemType; length: number; width: number; height: number; weight: number; pallet_type: PalletType | null };

/**
 * A shipment's load, summarised so that "every package fits" is a comparison of maxima:
 * - loose goods (every type but pallets) may be turned any way: their sides sorted long >= mid >=
 *   short, and the maximum of each over the packages;
 * - pallets stand upright: their footprint (long, short side) may turn on the floor, their height
 *   is as given; the maxima over all pallets;
 * - euro and ISO pallets (120 x 80) also take floor places: their number.
 * Zero where there is nothing of a kind.
 */
export type LoadSummary = {
  weight_kg: number;
  long_cm: number;
  mid_cm: number;
  short_cm: number;
  pallets: number;
  pallet_long_cm: number;
  pallet_short_cm: number;
  pallet_height_cm: number;
};

const sortedDesc = (...xs: number[]) => [...xs].sort((a, b) => b - a) as [number, number, number];

/** A package's sides, longest first. */
export const sortedSides = (p: Pick<LoadPackage, 'length' | 'width' | 'height'>) => sortedDesc(p.length, p.width, p.height);

export function loadSummary(packages: readonly LoadPackage[]): LoadSummary {
  const s: LoadSummary = { weight_kg: 0, long_cm: 0, mid_cm: 0, short_cm: 0, pallets: 0, pallet_long_cm: 0, pallet_short_cm: 0, pallet_height_cm: 0 };
  for (const p of packages) {
    s.weight_kg += p.weight;
    if (p.type === 'pallet') {
      s.pallet_long_cm = Math.max(s.pallet_long_cm, p.length, p.width);
      s.pallet_short_cm = Math.max(s.pallet_short_cm, Math.min(p.length, p.width));
      s.pallet_height_cm = Math.max(s.pallet_height_cm, p.height);
      if (p.pallet_type && PALLET_FOOTPRINT[p.pallet_type]) s.pallets += 1;
    } else {
      const [a, b, c] = sortedSides(p);
      s.long_cm = Math.max(s.long_cm, a);
      s.mid_cm = Math.max(s.mid_cm, b);
      s.short_cm = Math.max(s.short_cm, c);
    }
  }
  return s;
}

/** A vehicle as the fit rule needs it (the vehicles table's columns). */
export type FitVehicle = { payload_kg: number; load_length_cm: number; load_width_cm: number; load_height_cm: number };

/** Pallet places of 120 x 80 on the floor, the better of the two ways to lay them. */
export function palletPlaces(v: Pick<FitVehicle, 'load_length_cm' | 'load_width_cm'>): number {
  const { load_length_cm: l, load_width_cm: w } = v;
  return Math.max(Math.floor(l / 120) * Math.floor(w / 80), Math.floor(l / 80) * Math.floor(w / 120));
}

/**
 * The limits a load is compared with, per summary column (the SQL filter uses these numbers):
 * the load space's sides sorted for loose goods, the floor's sides for pallets, the height as is.
 */
export function vehicleLimits(v: FitVehicle): LoadSummary {
  const [a, b, c] = sortedDesc(v.load_length_cm, v.load_width_cm, v.load_height_cm);
  return {
    weight_kg: v.payload_kg,
    long_cm: a,
    mid_cm: b,
    short_cm: c,
    pallets: palletPlaces(v),
    pallet_long_cm: Math.max(v.load_length_cm, v.load_width_cm),
    pallet_short_cm: Math.min(v.load_length_cm, v.load_width_cm),
    pallet_height_cm: v.load_height_cm,
  };
}

export const LOAD_KEYS = ['weight_kg', 'long_cm', 'mid_cm', 'short_cm', 'pallets', 'pallet_long_cm', 'pallet_short_cm', 'pallet_height_cm'] as const satisfies readonly (keyof LoadSummary)[];

/**
 * Whether a vehicle can carry a load: the total weight within the payload, each package in the
 * load space (loose goods turned any way, pallets upright), and the 120 x 80 pallets on the floor.
 * Packages are not packed together (no bin packing): the weight and the pallet places are the
 * only sums; the driver judges the rest from the packages shown.
 */
export function vehicleFits(v: FitVehicle, load: LoadSummary): boolean {
  const limits = vehicleLimits(v);
  return LOAD_KEYS.every((k) => load[k] <= limits[k]);
}

// --- where: near a position or along a route ---

/** Straight-line kilometres. */
export const km = (a: LatLng, b: LatLng) => haversineMetres(a, b) / 1000;

/** The extra straight-line distance of going from -> pickup -> delivery -> to instead of from -> to, in km. */
export function detourKm(from: LatLng, to: LatLng, pickup: LatLng, delivery: LatLng): number {
  return km(from, pickup) + km(pickup, delivery) + km(delivery, to) - km(from, to);
}

/** Km per degree of latitude (and, times the cosine, of longitude): the boxes the index narrows with. */
const KM_PER_DEG_LAT = 111.2;
/** A box in degrees. */
export type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };
/**
 * A box (degrees) sure to hold every point within `radiusKm` of `c` (a little larger: the filter
 * after it is exact).
 */
export function boxAround(c: LatLng, radiusKm: number): Box {
  const dLat = (radiusKm / KM_PER_DEG_LAT) * 1.01;
  const maxAbsLat = Math.min(89, Math.abs(c.lat) + dLat);
  const dLng = (radiusKm / (KM_PER_DEG_LAT * Math.cos((maxAbsLat * Math.PI) / 180))) * 1.01;
  return { minLat: c.lat - dLat, maxLat: c.lat + dLat, minLng: c.lng - dLng, maxLng: c.lng + dLng };
}

/**
 * The half-width of a route's detour ellipse: from -> pickup -> to is at most D + detour (D = from
 * -> to), so the pickup lies in the ellipse with foci from and to and semi-major axis (D + detour) / 2,
 * whose semi-minor axis is sqrt(a^2 - (D / 2)^2). Every point of it lies within that of the segment.
 */
function ellipseHalfWidth(from: LatLng, to: LatLng, detour: number): number {
  const D = km(from, to);
  const a = (D + detour) / 2;
  return Math.sqrt(Math.max(0, a * a - (D / 2) ** 2));
}

/** The box holding every pickup that can be on a route's detour: the segment's box widened by the ellipse's half-width. */
export function routeBox(from: LatLng, to: LatLng, detour: number): Box {
  const b = ellipseHalfWidth(from, to, detour);
  const a = boxAround(from, b);
  const c = boxAround(to, b);
  return { minLat: Math.min(a.minLat, c.minLat), maxLat: Math.max(a.maxLat, c.maxLat), minLng: Math.min(a.minLng, c.minLng), maxLng: Math.max(a.maxLng, c.maxLng) };
}

/** The box of an area: around a position, or along a route. */
export const areaBox = (a: BoardArea): Box => (a.kind === 'position' ? boxAround(a.at, a.radius_km) : routeBox(a.from, a.to, a.detour_km));

/** Strips of latitude per degree in the board's index (migration 0018: `floor(pickup_lat * 10)`). */
export const BOARD_STRIPS_PER_DEGREE = 10;
/** One strip of latitude of an area (`floor(lat * 10)`) and the longitudes of the area within it. */
export type AreaStrip = { strip: number; minLng: number; maxLng: number };

/** Km per degree of latitude on the domain's sphere (haversineMetres' radius). */
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;

/**
 * A flat map of an area on which no distance is longer than the straight-line km: x = lng x cos(M),
 * y = lat (in degrees, times KM_PER_DEG for km), M the area box's largest latitude from the equator
 * plus a degree. Along any path where the latitude stays within M, a step of the sphere
 * (dlat^2 + cos^2(lat) dlng^2) is at least the map's (dlat^2 + cos^2(M) dlng^2), so a great circle between
 * two points of the box (which bows poleward by far less than a degree at these sizes) is at least
 * the straight line between them on the map. A pickup p and a delivery d of the area then have, on
 * the map, sum of the legs between `foci` (a position: p only; a route: from, p, d, to) at most
 * `budget` (in degrees: the radius, or from -> to + detour).
 */
export function areaPlane(a: BoardArea): { cosLat: number; budget: number } {
  const box = areaBox(a);
  const m = Math.min(89.9, Math.max(Math.abs(box.minLat), Math.abs(box.maxLat)) + 1);
  const budgetKm = a.kind === 'position' ? a.radius_km : km(a.from, a.to) + a.detour_km;
  return { cosLat: Math.cos((m * Math.PI) / 180), budget: budgetKm / KM_PER_DEG };
}

/**
 * The board's strips of an area: for each strip of latitude the area touches, a range of longitude
 * holding every pickup of the area in that strip, so the index reads one tight range per strip (a
 * circle's corners and a diagonal route's empty sides are never read). On the flat map of
 * areaPlane a pickup lies in the ellipse with foci `from` and `to` and major axis the budget (a
 * circle around a position); a horizontal band's stretch of an ellipse ends, on each side, where the
 * ellipse's own leftmost and rightmost points lie, clamped to the band (its sides are convex), found
 * by the ellipse's equation. A very wide box (over 20 degrees of longitude) keeps its own range.
 */
export function areaStrips(a: BoardArea): AreaStrip[] {
  const box = areaBox(a);
  const first = Math.floor(box.minLat * BOARD_STRIPS_PER_DEGREE);
  const last = Math.floor(box.maxLat * BOARD_STRIPS_PER_DEGREE);
  const out: AreaStrip[] = [];
  if (box.maxLng - box.minLng > 20) {
    for (let strip = first; strip <= last; strip++) out.push({ strip, minLng: box.minLng, maxLng: box.maxLng });
    return out;
  }
  const { cosLat, budget } = areaPlane(a);
  const [f1, f2] = a.kind === 'position' ? [a.at, a.at] : [a.from, a.to];
  const [x1, y1, x2, y2] = [f1.lng * cosLat, f1.lat, f2.lng * cosLat, f2.lat];
  const [cx, cy] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const focal = Math.hypot(x2 - x1, y2 - y1);
  // The semi-major axis: a circle's radius; half a route's budget (the sum of the two legs).
  const A = a.kind === 'position' ? budget : budget / 2;
  const B = Math.sqrt(Math.max(1e-18, A * A - (focal / 2) ** 2));
  // The axes: u along the foci (any direction for a circle), v across.
  const [ux, uy] = focal > 0 ? [(x2 - x1) / focal, (y2 - y1) / focal] : [1, 0];
  const [vx, vy] = [-uy, ux];
  // (X, Y) from the centre is inside when qa X^2 + qb X Y + qc Y^2 <= 1.
  const qa = (ux * ux) / (A * A) + (vx * vx) / (B * B);
  const qb = 2 * ((ux * uy) / (A * A) + (vx * vy) / (B * B));
  const qc = (uy * uy) / (A * A) + (vy * vy) / (B * B);
  const halfHeight = Math.sqrt(A * A * uy * uy + B * B * vy * vy);
  // The height of the rightmost point (the leftmost is opposite it).
  const rightY = (A * A * ux * uy + B * B * vx * vy) / Math.sqrt(A * A * ux * ux + B * B * vx * vx);
  const across = (Y: number) => {
    const root = Math.sqrt(Math.max(0, qb * qb * Y * Y - 4 * qa * (qc * Y * Y - 1)));
    return [(-qb * Y - root) / (2 * qa), (-qb * Y + root) / (2 * qa)] as const;
  };
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  // Rounding in the maths above, never a real margin.
  const EPS = 1e-9;
  for (let strip = first; strip <= last; strip++) {
    const lo = Math.max(strip / BOARD_STRIPS_PER_DEGREE - cy, -halfHeight);
    const hi = Math.min((strip + 1) / BOARD_STRIPS_PER_DEGREE - cy, halfHeight);
    if (lo > hi) continue;
    const left = across(clamp(-rightY, lo, hi))[0];
    const right = across(clamp(rightY, lo, hi))[1];
    out.push({ strip, minLng: Math.max(box.minLng, (cx + left) / cosLat - EPS), maxLng: Math.min(box.maxLng, (cx + right) / cosLat + EPS) });
  }
  return out;
}

/**
 * Smaller areas to look in first when nearest come first (10 and 30 km around a position, a
 * quarter of a route's detour), then the area: the nearest N within a smaller area are the
 * nearest N of the whole, so the search widens only while a page is not full.
 */
export function nearestRings(a: BoardArea): BoardArea[] {
  if (a.kind === 'position') return [...[10, 30].filter((r) => r < a.radius_km).map((radius_km) => ({ ...a, radius_km })), a];
  return a.detour_km >= 8 ? [{ ...a, detour_km: a.detour_km / 4 }, a] : [a];
}

// --- the query and the answer (GET /api/driver/board) ---

export const BOARD_SORTS = ['newest', 'nearest'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];
export const BOARD_MAX_LIMIT = 100;
/** A phone shows a handful at once; the next page comes with the scroll. */
export const BOARD_DEFAULT_LIMIT = 20;
export const BOARD_MAX_OFFSET = 1000;

const num = (min: number, max: number) => z.coerce.number({ error: 'invalid_body' }).min(min, 'invalid_body').max(max, 'invalid_body');
const lat = () => num(-90, 90);
const lng = () => num(-180, 180);

/**
 * The board's querystring: a position (lat, lng, radius_km) or a route (from_*, to_*, detour_km),
 * never both; newest or nearest first; a bounded page.
 */
export const boardQuerySchema = z
  .object({
    lat: lat().optional(),
    lng: lng().optional(),
    radius_km: num(1, 300).optional(),
    from_lat: lat().optional(),
    from_lng: lng().optional(),
    to_lat: lat().optional(),
    to_lng: lng().optional(),
    detour_km: num(1, 100).optional(),
    sort: z.enum(BOARD_SORTS, { error: 'invalid_body' }).default('newest'),
    limit: z.coerce.number({ error: 'invalid_body' }).int('invalid_body').min(1, 'invalid_body').max(BOARD_MAX_LIMIT, 'invalid_body').default(BOARD_DEFAULT_LIMIT),
    offset: z.coerce.number({ error: 'invalid_body' }).int('invalid_body').min(0, 'invalid_body').max(BOARD_MAX_OFFSET, 'invalid_body').default(0),
  })
  .superRefine((q, ctx) => {
    const position = [q.lat, q.lng, q.radius_km];
    const route = [q.from_lat, q.from_lng, q.to_lat, q.to_lng, q.detour_km];
    const full = (xs: unknown[]) => xs.every((x) => x !== undefined);
    const none = (xs: unknown[]) => xs.every((x) => x === undefined);
    if (!((full(position) && none(route)) || (full(route) && none(position)))) ctx.addIssue({ code: 'custom', message: 'invalid_body', path: ['radius_km'] });
  });
export type BoardQueryInput = z.infer<typeof boardQuerySchema>;

/** The board's area: a circle around a position, or a corridor along a route. */
export type BoardArea = { kind: 'position'; at: LatLng; radius_km: number } | { kind: 'route'; from: LatLng; to: LatLng; detour_km: number };

export function boardArea(q: BoardQueryInput): BoardArea {
  if (q.from_lat !== undefined && q.from_lng !== undefined && q.to_lat !== undefined && q.to_lng !== undefined && q.detour_km !== undefined) {
    return { kind: 'route', from: { lat: q.from_lat, lng: q.from_lng }, to: { lat: q.to_lat, lng: q.to_lng }, detour_km: q.detour_km };
  }
  return { kind: 'position', at: { lat: q.lat!, lng: q.lng! }, radius_km: q.radius_km! };
}

/** Whether a job (its pickup and delivery) lies in an area: the pickup within the radius, or the detour within the limit. */
export function inArea(area: BoardArea, pickup: LatLng, delivery: LatLng): boolean {
  return area.kind === 'position' ? km(area.at, pickup) <= area.radius_km : detourKm(area.from, area.to, pickup, delivery) <= area.detour_km;
}

/** Why a board is empty whatever the area: the driver has no vehicle in use. */
export const BOARD_REASONS = ['no_vehicle'] as const;

/** One job on the board: the driver's view of the open job, how far its pickup is, and the detour on a route. */
export const boardItemSchema = driverJobReadSchema.extend({
  /** Straight-line km from the position (or the route's start) to the pickup. */
  distance_km: z.number().min(0),
  /** Extra straight-line km the job adds to the route; null on a position's board. */
  detour_km: z.number().nullable(),
});
export type BoardItem = z.infer<typeof boardItemSchema>;

export const boardReadSchema = z.object({
  items: z.array(boardItemSchema).max(BOARD_MAX_LIMIT),
  /** Set when the board is empty for a reason the driver can fix (add a vehicle). */
  reason: z.enum(BOARD_REASONS).nullable(),
  /** The offset of the next page, or null on the last. */
  next_offset: z.number().int().nullable(),
});
export type BoardRead = z.infer<typeof boardReadSchema>;
