import polyline from '@mapbox/polyline';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedGeocoder, loadLocalities } from '../../src/adapters/geo/embedded-geocoder.ts';
import type { Geocoder } from '../../src/adapters/geo/geo.ts';
import { DETOUR_FACTOR } from '@vm/domain/distance';
import { haversineRouter } from '../../src/adapters/geo/haversine-router.ts';
import { geoTzTimeZones } from '../../src/adapters/geo/timezones.ts';
import { LOCALITIES_FILE } from '../../scripts/extract-localities.ts';

let geo: Geocoder;
beforeAll(() => {
  geo = embeddedGeocoder(loadLocalities(LOCALITIES_FILE));
});

describe('embedded geocoder (GeoNames localities)', () => {
  it('finds towns by Dutch and French names and ignores diacritics', async () => {
    for (const [q, near] of [
      ['Brussel', [50.85, 4.35]],
      ['Bruxelles', [50.85, 4.35]],
      ['Luik', [50.63, 5.57]],
      ['liege', [50.63, 5.57]],
      ['Bergen', [50.45, 3.95]],
      ['Mons', [50.45, 3.95]],
    ] as const) {
      const [first] = await geo.autocomplete(q);
      expect(first, q).toBeDefined();
      expect(first!.lat, q).toBeCloseTo(near[0], 1);
      expect(first!.lng, q).toBeCloseTo(near[1], 1);
    }
  });

  it('keeps the typed street, number, box and postcode, with precision locality and attribution', async () => {
    const [a] = await geo.autocomplete('Kerkstraat 12 bus 3, 3500 Hasselt');
    expect(a).toMatchObject({ street: 'Kerkstraat', number: '12', box: '3', zip: '3500', city: 'Hasselt', country: 'BE', precision: 'locality' });
    expect(a!.formatted).toBe('Kerkstraat 12 bus 3, 3500 Hasselt');
    expect(a!.attribution).toContain('GeoNames');
  });

  it('reverse-geocodes to the nearest locality, and nothing far out at sea', async () => {
    const near = await geo.reverse(50.9315, 5.3385);
    expect(near?.city).toBe('Hasselt');
    expect(near?.precision).toBe('locality');
    expect(await geo.reverse(51.8, 2.2)).toBeNull();
  });
});

describe('estimated router and time zones', () => {
  it('uses the straight line times the detour factor and marks the route estimated', async () => {
    const r = await haversineRouter().route({ lat: 50.93106, lng: 5.33781 }, { lat: 50.85045, lng: 4.34878 });
    // Hasselt - Brussels is about 69.9 km as the crow flies.
    expect(r.distance / DETOUR_FACTOR / 1000).toBeCloseTo(69.9, 0);
    expect(r.estimated).toBe(true);
    expect(polyline.decode(r.points)).toEqual([
      [50.93106, 5.33781],
      [50.85045, 4.34878],
    ]);
  });

  it('finds the IANA zone of a point', () => {
    const tz = geoTzTimeZones();
    expect(tz.lookup(50.85, 4.35)).toBe('Europe/Brussels');
    expect(tz.lookup(51.5, -0.12)).toBe('Europe/London');
  });
});
