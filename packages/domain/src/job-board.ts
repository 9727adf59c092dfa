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
