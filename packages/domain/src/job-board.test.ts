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

describe('the board at its boundaries', () => {
  const at = { lat: 50.8467, lng: 4.3525 };
  const radii = (a: BoardArea) => nearestRings(a).map((r) => (r.kind === 'position' ? r.radius_km : r.detour_km));

  it.each([
    [5, [5]],
    [10, [10]],
    [11, [10, 11]],
    [30, [10, 30]],
    [31, [10, 30, 31]],
  ])('looks around a position of %i km in rings %j', (radius_km, rings) => {
    expect(radii({ kind: 'position', at, radius_km })).toEqual(rings);
  });

  it.each([
    [7.9, [7.9]],
    [8, [2, 8]],
    [100, [25, 100]],
  ])('looks along a route with a %f km detour first within %j', (detour_km, rings) => {
    expect(radii({ kind: 'route', from: at, to: { lat: 51.05, lng: 3.72 }, detour_km })).toEqual(rings);
  });

  it('counts floor places for euro and ISO pallets only, not for a pallet of unknown type', () => {
    expect(loadSummary([pallet(100, 10, 'iso_pallet'), pallet(100, 10, 'euro_pallet'), pallet(100, 10, null), pallet(100, 10, 'other_pallet')]).pallets).toBe(2);
  });

  it('compares every column: a load too long for the floor or too high for the space is refused', () => {
    // A 350 cm loose pipe in a 340 cm van: longer than every side.
    expect(vehicleFits(van, loadSummary([box(350, 10, 10, 10)]))).toBe(false);
    // The van's sides sorted are 340, 180, 170. 181 x 181 x 10: its middle side is longer than 180; 180 x 180 x 10 fits.
    expect(vehicleFits(van, loadSummary([box(181, 181, 10, 10)]))).toBe(false);
    expect(vehicleFits(van, loadSummary([box(180, 180, 10, 10)]))).toBe(true);
    expect(vehicleFits(van, loadSummary([box(170, 170, 170, 10)]))).toBe(true);
    // 181 x 175 x 171: its shortest side is longer than 170.
    expect(vehicleFits(van, loadSummary([box(175, 171, 181, 10)]))).toBe(false);
    // An odd pallet's short side wider than the floor.
    expect(vehicleFits(van, loadSummary([pallet(100, 10, 'other_pallet', 200, 171)]))).toBe(false);
    expect(vehicleFits(van, loadSummary([pallet(100, 10, 'other_pallet', 341, 100)]))).toBe(false);
  });

  it('lays pallets the better way: across or along the floor', () => {
    // 240 x 160: two by two lengthwise (2 x 2 = 4) or three by one across (3 x 1).
    expect(palletPlaces({ load_length_cm: 240, load_width_cm: 160 })).toBe(4);
    // 250 x 125: two along (2 x 1) or three across (3 x 1).
    expect(palletPlaces({ load_length_cm: 250, load_width_cm: 125 })).toBe(3);
    expect(palletPlaces({ load_length_cm: 119, load_width_cm: 300 })).toBe(2);
    expect(palletPlaces({ load_length_cm: 79, load_width_cm: 300 })).toBe(0);
  });

  it('boxes a circle only a little wider than it (1 %), in latitude and longitude', () => {
    const b = boxAround(at, 50);
    const dLat = 50 / 111.2;
    expect((b.maxLat - b.minLat) / 2).toBeCloseTo(dLat * 1.01, 9);
    expect((b.maxLat + b.minLat) / 2).toBeCloseTo(at.lat, 9);
    expect((b.maxLng + b.minLng) / 2).toBeCloseTo(at.lng, 9);
    // Longitude degrees are shorter by the cosine of the box's farthest latitude.
    const dLng = (50 / (111.2 * Math.cos(((at.lat + dLat * 1.01) * Math.PI) / 180))) * 1.01;
    expect((b.maxLng - b.minLng) / 2).toBeCloseTo(dLng, 9);
    // Near the pole the cosine is taken at 89 degrees at most, so the box stays finite.
    const polar = boxAround({ lat: 88.5, lng: 0 }, 300);
    expect(Number.isFinite(polar.maxLng)).toBe(true);
    expect(polar.maxLng).toBeCloseTo((300 / (111.2 * Math.cos((89 * Math.PI) / 180))) * 1.01, 6);
    // South of the equator the same.
    const south = boxAround({ lat: -50.8467, lng: 4.3525 }, 50);
    expect(south.maxLng - south.minLng).toBeCloseTo(b.maxLng - b.minLng, 9);
  });

  it('widens a route box by the detour ellipse and no more', () => {
    const from = { lat: 50.8, lng: 3.0 };
    const to = { lat: 50.8, lng: 5.8 };
    const D = km(from, to);
    const half = Math.sqrt(((D + 2) / 2) ** 2 - (D / 2) ** 2);
    const b = routeBox(from, to, 2);
    expect(b).toEqual({
      minLat: boxAround(from, half).minLat,
      maxLat: boxAround(to, half).maxLat,
      minLng: boxAround(from, half).minLng,
      maxLng: boxAround(to, half).maxLng,
    });
    expect(areaBox({ kind: 'route', from, to, detour_km: 2 })).toEqual(b);
    expect(areaBox({ kind: 'position', at, radius_km: 25 })).toEqual(boxAround(at, 25));
  });

  it('takes a job at exactly the radius or the detour limit', () => {
    const p = { lat: 51.0, lng: 4.3525 };
    expect(inArea({ kind: 'position', at, radius_km: km(at, p) }, p, p)).toBe(true);
    expect(inArea({ kind: 'position', at, radius_km: km(at, p) - 1e-6 }, p, p)).toBe(false);
    const to = { lat: 51.05, lng: 3.72 };
    const d = detourKm(at, to, p, p);
    expect(inArea({ kind: 'route', from: at, to, detour_km: d }, p, p)).toBe(true);
    expect(inArea({ kind: 'route', from: at, to, detour_km: d - 1e-6 }, p, p)).toBe(false);
  });

  it('refuses half a route, a fraction of a page, and reads both page bounds', () => {
    expect(boardQuerySchema.safeParse({ from_lat: 50, from_lng: 4, to_lat: 51, to_lng: 4 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ from_lat: 50, from_lng: 4, to_lat: 51, detour_km: 5 }).error?.issues[0]).toMatchObject({ message: 'invalid_body', path: ['radius_km'] });
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, limit: 2.5 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, limit: 0 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, offset: -1 }).success).toBe(false);
    expect(boardQuerySchema.parse({ lat: 50, lng: 4, radius_km: 300, limit: 100, offset: 1000 })).toMatchObject({ radius_km: 300, limit: 100, offset: 1000 });
    expect(boardQuerySchema.parse({ from_lat: -90, from_lng: -180, to_lat: 90, to_lng: 180, detour_km: 1 })).toMatchObject({ detour_km: 1 });
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 181, radius_km: 10 }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, sort: 'cheapest' }).success).toBe(false);
  });
});

describe('the board’s strips and query, more edges', () => {
  it('reads only the strips the circle itself reaches, not one its box’s 1 % margin touches', () => {
    // The circle's bottom is at 50.2002° (strip 502), its box's at 50.1998° (strip 501).
    const area: BoardArea = { kind: 'position', at: { lat: 50.2452, lng: 4.35 }, radius_km: 5 };
    expect(Math.floor(areaBox(area).minLat * 10)).toBe(501);
    expect(areaStrips(area).map((s) => s.strip)).toEqual([502]);
  });

  it('keeps the whole box in each strip when the box is over 20 degrees of longitude wide', () => {
    const area: BoardArea = { kind: 'position', at: { lat: 80, lng: 10 }, radius_km: 300 };
    const b = areaBox(area);
    expect(b.maxLng - b.minLng).toBeGreaterThan(20);
    const strips = areaStrips(area);
    expect(strips.map((s) => s.strip)).toEqual(Array.from({ length: Math.floor(b.maxLat * 10) - Math.floor(b.minLat * 10) + 1 }, (_, i) => Math.floor(b.minLat * 10) + i));
    for (const s of strips) expect(s).toMatchObject({ minLng: b.minLng, maxLng: b.maxLng });
  });

  it('narrows the strips of a circle far east as near Brussels: its top strip is narrower than the box', () => {
    const area: BoardArea = { kind: 'position', at: { lat: 50.05, lng: 100 }, radius_km: 100 };
    const b = areaBox(area);
    const top = areaStrips(area).at(-1)!;
    expect(top.maxLng - top.minLng).toBeLessThan((b.maxLng - b.minLng) / 2);
  });

  it('measures the detour with a delivery that is not the route’s end', () => {
    const brussels = { lat: 50.8467, lng: 4.3525 };
    const ghent = { lat: 51.0543, lng: 3.7174 };
    const antwerp = { lat: 51.2194, lng: 4.4025 };
    const mechelen = { lat: 51.0259, lng: 4.4776 };
    expect(detourKm(brussels, ghent, antwerp, mechelen)).toBeCloseTo(km(brussels, antwerp) + km(antwerp, mechelen) + km(mechelen, ghent) - km(brussels, ghent), 9);
    expect(detourKm(brussels, ghent, antwerp, mechelen)).toBeGreaterThan(detourKm(brussels, ghent, antwerp, ghent));
  });

  it('lets an odd pallet use the floor’s length', () => {
    expect(vehicleFits(van, loadSummary([pallet(100, 10, 'other_pallet', 300, 100)]))).toBe(true);
  });

  it('refuses a position with any route field, said at radius_km as a custom issue, and reads a full route', () => {
    expect(boardQuerySchema.safeParse({ lat: 50, lng: 4, radius_km: 10, from_lat: 50 }).error?.issues).toEqual([{ code: 'custom', message: 'invalid_body', path: ['radius_km'] }]);
    expect(boardQuerySchema.safeParse({ from_lat: 50, from_lng: 4, to_lat: 51, to_lng: 4, detour_km: 5, radius_km: 10 }).success).toBe(false);
    const r = boardQuerySchema.parse({ from_lat: '50.8', from_lng: '4.3', to_lat: '51', to_lng: '3.7', detour_km: '10' });
    expect(boardArea(r)).toEqual({ kind: 'route', from: { lat: 50.8, lng: 4.3 }, to: { lat: 51, lng: 3.7 }, detour_km: 10 });
  });
});
