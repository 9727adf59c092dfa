import { describe, expect, it } from 'vitest';
import { areaBox, areaStrips, type BoardArea, boardArea, boardQuerySchema, boxAround, detourKm, inArea, km, type LoadPackage, loadSummary, nearestRings, palletPlaces, routeBox, vehicleFits } from './job-board.ts';

const box = (length: number, width: number, height: number, weight: number): LoadPackage => ({ type: 'boxed', length, width, height, weight, pallet_type: null });
const pallet = (height: number, weight: number, pallet_type: LoadPackage['pallet_type'] = 'euro_pallet', length = 120, width = 80): LoadPackage => ({ type: 'pallet', length, width, height, weight, pallet_type });
const van = { payload_kg: 1200, load_length_cm: 340, load_width_cm: 170, load_height_cm: 180 };

describe('loadSummary', () => {
  it('sums the weight, keeps the largest sorted sides of loose goods and counts euro pallets', () => {
    const s = loadSummary([box(50, 200, 30, 40), box(100, 90, 80, 60), pallet(150, 300), pallet(100, 200, 'other_pallet', 100, 130)]);
    expect(s).toEqual({ weight_kg: 600, long_cm: 200, mid_cm: 90, short_cm: 80, pallets: 1, pallet_long_cm: 130, pallet_short_cm: 100, pallet_height_cm: 150 });
  });

  it('is all zeros for no packages', () => {
    expect(Object.values(loadSummary([])).every((v) => v === 0)).toBe(true);
  });
});

describe('vehicleFits', () => {
  it('refuses a load heavier than the payload, and takes one just at it', () => {
    expect(vehicleFits(van, loadSummary([box(50, 50, 50, 1200)]))).toBe(true);
    expect(vehicleFits(van, loadSummary([box(50, 50, 50, 1000), box(50, 50, 50, 201)]))).toBe(false);
  });

  it('turns loose goods any way: a 300 cm long pipe lies down, a 400 cm one does not fit', () => {
    expect(vehicleFits(van, loadSummary([box(20, 20, 300, 10)]))).toBe(true);
    expect(vehicleFits(van, loadSummary([box(20, 20, 400, 10)]))).toBe(false);
    // Two sides larger than the second side of the space cannot both fit.
    expect(vehicleFits(van, loadSummary([box(185, 185, 20, 10)]))).toBe(false);
  });

  it('keeps pallets upright: too high is refused even where lying down would fit', () => {
    expect(vehicleFits(van, loadSummary([pallet(180, 100)]))).toBe(true);
    expect(vehicleFits(van, loadSummary([pallet(200, 100)]))).toBe(false);
  });

  it('counts euro pallets against the floor places', () => {
    expect(palletPlaces(van)).toBe(4); // 340 x 170: 2 x 2 or 4 x 1
    expect(palletPlaces({ load_length_cm: 720, load_width_cm: 245 })).toBe(18); // a trailer: 9 x 2 lengthwise... or 6 x 3
    expect(vehicleFits(van, loadSummary([1, 2, 3, 4].map(() => pallet(100, 100))))).toBe(true);
    expect(vehicleFits(van, loadSummary([1, 2, 3, 4, 5].map(() => pallet(100, 100))))).toBe(false);
  });

  it('checks an odd pallet by its own footprint', () => {
    expect(vehicleFits(van, loadSummary([pallet(100, 100, 'other_pallet', 180, 175)]))).toBe(false);
    expect(vehicleFits(van, loadSummary([pallet(100, 100, 'other_pallet', 160, 150)]))).toBe(true);
  });
});

describe('distances', () => {
  const brussels = { lat: 50.8467, lng: 4.3525 };
  const ghent = { lat: 51.0543, lng: 3.7174 };
  const antwerp = { lat: 51.2194, lng: 4.4025 };

  it('measures the detour of from -> pickup -> delivery -> to over from -> to', () => {
    // A job on the way costs nothing extra.
    expect(detourKm(brussels, ghent, brussels, ghent)).toBeCloseTo(0, 6);
    const d = detourKm(brussels, ghent, antwerp, ghent);
    expect(d).toBeCloseTo(km(brussels, antwerp) + km(antwerp, ghent) - km(brussels, ghent), 6);
    expect(d).toBeGreaterThan(30);
  });

  it('boxes hold every point of the circle and of the detour ellipse', () => {
    const b = boxAround(brussels, 50);
    for (let a = 0; a < 360; a += 15) {
      const r = (a * Math.PI) / 180;
      // A point about 49.9 km away in direction a.
      const p = { lat: brussels.lat + (49.9 / 111.2) * Math.cos(r), lng: brussels.lng + (49.9 / (111.2 * Math.cos((brussels.lat * Math.PI) / 180))) * Math.sin(r) };
      if (km(brussels, p) > 50) continue;
      expect(p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng).toBe(true);
    }
    const rb = routeBox(brussels, ghent, 20);
    expect(rb.minLat).toBeLessThan(ghent.lat);
    expect(rb.maxLng).toBeGreaterThan(brussels.lng);
  });

  it('the route box holds every pickup within the detour, beside the middle of a long route too', () => {
    const r = (() => {
      let x = 3;
      return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    })();
    const bruges = { lat: 51.2093, lng: 3.2247 };
    const liege = { lat: 50.6412, lng: 5.5718 };
    for (const detour of [2, 10, 30, 100]) {
      const whole = routeBox(bruges, liege, detour);
      for (let i = 0; i < 20000; i++) {
        const p = { lat: 50.0 + r() * 2, lng: 2.5 + r() * 4 };
        if (km(bruges, p) + km(p, liege) - km(bruges, liege) > detour) continue;
        expect(p.lat >= whole.minLat && p.lat <= whole.maxLat && p.lng >= whole.minLng && p.lng <= whole.maxLng).toBe(true);
      }
    }
    // Along a parallel a small detour still reaches sideways from the middle of the route.
    const west = { lat: 50.8, lng: 3.0 };
    const east = { lat: 50.8, lng: 5.8 };
    const mid = { lat: 50.8 + 10 / 111.2, lng: 4.4 };
    expect(km(west, mid) + km(mid, east) - km(west, east)).toBeLessThan(2);
    const b = routeBox(west, east, 2);
    expect(mid.lat >= b.minLat && mid.lat <= b.maxLat && mid.lng >= b.minLng && mid.lng <= b.maxLng).toBe(true);
  });

  it("the area's strips hold every pickup of the area, and a diagonal route's are a thin band of its box", () => {
    let x = 11;
    const r = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const point = () => ({ lat: 49.5 + r() * 2.5, lng: 2.5 + r() * 4 });
    const areas: BoardArea[] = [];
    for (const radius_km of [1, 5, 30, 100, 300]) areas.push({ kind: 'position', at: point(), radius_km });
    for (const detour_km of [1, 2, 10, 30, 100]) for (let i = 0; i < 4; i++) areas.push({ kind: 'route', from: point(), to: point(), detour_km });
    // A route along a meridian, one along a parallel, and one with from = to (a round trip).
    areas.push({ kind: 'route', from: { lat: 50.0, lng: 4.4 }, to: { lat: 51.4, lng: 4.4 }, detour_km: 5 });
    areas.push({ kind: 'route', from: { lat: 50.8, lng: 3.0 }, to: { lat: 50.8, lng: 5.8 }, detour_km: 2 });
    areas.push({ kind: 'route', from: { lat: 50.8, lng: 4.3 }, to: { lat: 50.8, lng: 4.3 }, detour_km: 20 });
    let checked = 0;
    for (const area of areas) {
      const strips = new Map(areaStrips(area).map((s) => [s.strip, s]));
      const box = areaBox(area);
      for (let i = 0; i < 4000; i++) {
        const p = { lat: box.minLat + r() * (box.maxLat - box.minLat), lng: box.minLng + r() * (box.maxLng - box.minLng) };
        // The pickup's own test: the worst delivery for a route is its end.
        const inside = area.kind === 'position' ? km(area.at, p) <= area.radius_km : km(area.from, p) + km(p, area.to) - km(area.from, area.to) <= area.detour_km;
        if (!inside) continue;
        const s = strips.get(Math.floor(p.lat * 10));
        expect(s && p.lng >= s.minLng && p.lng <= s.maxLng, JSON.stringify({ area, p })).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30_000);
    // Bruges to Liege with a 10 km detour: the strips read about half of the box (its empty sides are left out).
    const diagonal: BoardArea = { kind: 'route', from: { lat: 51.2093, lng: 3.2247 }, to: { lat: 50.6412, lng: 5.5718 }, detour_km: 10 };
    const b = areaBox(diagonal);
    const strips = areaStrips(diagonal);
    const share = strips.reduce((sum, s) => sum + (s.maxLng - s.minLng), 0) / (strips.length * (b.maxLng - b.minLng));
    expect(share).toBeLessThan(0.6);
  });

  it('looks nearer first: smaller rings, then the area', () => {
    const at = { lat: 50.8, lng: 4.3 };
    expect(nearestRings({ kind: 'position', at, radius_km: 100 }).map((a) => (a.kind === 'position' ? a.radius_km : 0))).toEqual([10, 30, 100]);
    expect(nearestRings({ kind: 'position', at, radius_km: 20 }).map((a) => (a.kind === 'position' ? a.radius_km : 0))).toEqual([10, 20]);
    expect(nearestRings({ kind: 'route', from: at, to: at, detour_km: 20 }).map((a) => (a.kind === 'route' ? a.detour_km : 0))).toEqual([5, 20]);
  });

  it('puts a job in a position area by its pickup and in a route area by its detour', () => {
    expect(inArea({ kind: 'position', at: brussels, radius_km: 50 }, antwerp, ghent)).toBe(true);
    expect(inArea({ kind: 'position', at: brussels, radius_km: 30 }, antwerp, ghent)).toBe(false);
    expect(inArea({ kind: 'route', from: brussels, to: ghent, detour_km: 5 }, brussels, ghent)).toBe(true);
    expect(inArea({ kind: 'route', from: brussels, to: ghent, detour_km: 5 }, antwerp, ghent)).toBe(false);
  });
});

describe('boardQuerySchema', () => {
  it('takes a position or a route from query strings, newest first by default', () => {
    const q = boardQuerySchema.parse({ lat: '50.8', lng: '4.3', radius_km: '25' });
    expect(q).toMatchObject({ lat: 50.8, lng: 4.3, radius_km: 25, sort: 'newest', limit: 20, offset: 0 });
    expect(boardArea(q)).toEqual({ kind: 'position', at: { lat: 50.8, lng: 4.3 }, radius_km: 25 });
    const r = boardQuerySchema.parse({ from_lat: '50.8', from_lng: '4.3', to_lat: '51', to_lng: '3.7', detour_km: '10', sort: 'nearest' });
    expect(boardArea(r).kind).toBe('route');
  });

  it('refuses both, neither, half of one, and out-of-bound numbers', () => {
    expect(boardQuerySchema.safeParse({}).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, from_lat: 50, from_lng: 4, to_lat: 51, to_lng: 4, detour_km: 5 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 301 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 0 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ from_lat: 50, from_lng: 4, to_lat: 51, to_lng: 4, detour_km: 101 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, limit: 101 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, offset: 1001 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 91, lng: 4, radius_km: 10 }).success).toBe(false);
  });
});
