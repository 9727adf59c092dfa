import polyline from '@mapbox/polyline';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedGeocoder, loadGeoData } from '../../src/adapters/geo/embedded-geocoder.ts';
import type { Geocoder } from '../../src/adapters/geo/geo.ts';
import { DETOUR_FACTOR } from '@vm/domain/distance';
import { haversineRouter } from '../../src/adapters/geo/haversine-router.ts';
import { geoTzTimeZones } from '../../src/adapters/geo/timezones.ts';
import { LOCALITIES_FILE } from '../../src/geo-data/generated-data.ts';

let geo: Geocoder;
beforeAll(() => {
  geo = embeddedGeocoder(loadGeoData(LOCALITIES_FILE));
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

describe('embedded geocoder (issue 10: postcodes, order, language, the sea)', () => {
  it('pairs a postcode with its own place: 9000 is Gent, never Gentinnes; the street is kept', async () => {
    const list = await geo.autocomplete('Kerkstraat 12 bus 3, 9000 Gent');
    expect(list.map((a) => a.city)).toEqual(['Gent']);
    expect(list[0]).toMatchObject({ street: 'Kerkstraat', number: '12', box: '3', zip: '9000', precision: 'locality' });
    expect(list[0]!.formatted).toBe('Kerkstraat 12 bus 3, 9000 Gent');
  });

  it('puts Rue Neuve 5, 1000 Bruxelles in Brussels, named in the UI language', async () => {
    const [nl] = await geo.autocomplete('Rue Neuve 5, 1000 Bruxelles', 5, 'nl');
    expect(nl).toMatchObject({ street: 'Rue Neuve', number: '5', zip: '1000', city: 'Brussel' });
    expect(nl!.lat).toBeCloseTo(50.85, 1);
    expect(nl!.lng).toBeCloseTo(4.35, 1);
    const [fr] = await geo.autocomplete('Rue Neuve 5, 1000 Bruxelles', 5, 'fr');
    expect(fr?.city).toBe('Bruxelles');
    expect((await geo.autocomplete('Luik', 5, 'nl'))[0]?.city).toBe('Luik');
    expect((await geo.autocomplete('Luik', 5, 'fr'))[0]?.city).toBe('Liège');
  });

  it('reads the town first or last, with or without a comma', async () => {
    for (const q of ['Antwerpen, Meir 1', 'Meir 1, Antwerpen', 'Meir 1 Antwerpen', 'Antwerpen Meir 1']) {
      const [a] = await geo.autocomplete(q);
      expect(a, q).toMatchObject({ street: 'Meir', number: '1', zip: '2000', city: 'Antwerpen' });
    }
  });

  it('keeps accents: Grivegnée and Liège', async () => {
    expect((await geo.autocomplete('Rue de Herve 10, 4030 Grivegnée'))[0]?.formatted).toBe('Rue de Herve 10, 4030 Grivegnée');
    expect((await geo.autocomplete('Place Saint-Lambert 1, 4000 Liège', 5, 'fr'))[0]?.city).toBe('Liège');
  });

  it('answers nothing for text that names no place', async () => {
    expect(await geo.autocomplete('Xyzstraat 1, Qwertyville')).toEqual([]);
  });

  it('has no address for a click in the North Sea or abroad, and names the postcode for a click on land', async () => {
    expect(await geo.reverse(51.3, 2.75)).toBeNull(); // 10 km off Oostende
    expect(await geo.reverse(51.2, 2.5)).toBeNull(); // at sea
    expect(await geo.reverse(48.8566, 2.3522)).toBeNull(); // Paris
    expect(await geo.reverse(51.44, 5.47)).toBeNull(); // Eindhoven
    const gent = await geo.reverse(51.054, 3.722);
    expect(gent).toMatchObject({ zip: '9000', city: 'Gent', street: '', number: '', lat: 51.054, lng: 3.722, precision: 'locality' });
    expect((await geo.reverse(50.846, 4.352, 'fr'))?.city).toBe('Bruxelles');
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
