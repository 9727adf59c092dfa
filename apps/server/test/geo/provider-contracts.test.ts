import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nominatimGeocoder } from '../../src/adapters/geo/nominatim-geocoder.ts';
import { osrmRouter } from '../../src/adapters/geo/osrm-router.ts';
import { photonGeocoder } from '../../src/adapters/geo/photon-geocoder.ts';
import { fakeHttp } from '../helpers/fake-http.ts';

// Response shapes as the providers document them (Photon GeoJSON, Nominatim jsonv2, OSRM route v1).
const photonFeature = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [5.3378, 50.9311] },
  properties: { osm_type: 'N', osm_id: 1, country: 'Belgium', countrycode: 'BE', city: 'Hasselt', postcode: '3500', street: 'Kerkstraat', housenumber: '12', type: 'house' },
};
const nominatimPlace = {
  place_id: 1,
  lat: '50.9311',
  lon: '5.3378',
  display_name: '12, Kerkstraat, Hasselt, Limburg, 3500, België / Belgique / Belgien',
  address: { house_number: '12', road: 'Kerkstraat', city: 'Hasselt', postcode: '3500', country: 'België / Belgique / Belgien', country_code: 'be' },
};
const osrmPoints: [number, number][] = [
  [50.93106, 5.33781],
  [50.9, 5.1],
  [50.85045, 4.34878],
];

let server: Awaited<ReturnType<typeof fakeHttp>>;
beforeAll(async () => {
  server = await fakeHttp((req) => {
    if (req.url.pathname === '/api/' || req.url.pathname === '/reverse') {
      if (req.url.searchParams.get('format') === 'jsonv2') return { json: nominatimPlace };
      return { json: { type: 'FeatureCollection', features: [photonFeature] } };
    }
    if (req.url.pathname === '/search') return { json: [nominatimPlace] };
    if (req.url.pathname.startsWith('/route/v1/driving/')) {
      if (req.url.pathname.includes('0,0;')) return { status: 400, json: { code: 'NoRoute', message: 'Impossible route' } };
      return { json: { code: 'Ok', routes: [{ geometry: polyline.encode(osrmPoints), distance: 83456.7, duration: 3720.2, legs: [] }], waypoints: [] } };
    }
    return { status: 404, json: {} };
  });
});
afterAll(() => server.close());

describe('Photon adapter', () => {
  it('reads GeoJSON [lng, lat] into lat and lng, and keeps the typed box', async () => {
    const [a] = await photonGeocoder(server.url).autocomplete('Kerkstraat 12 bus 3, 3500 Hasselt');
    expect(a).toMatchObject({ street: 'Kerkstraat', number: '12', box: '3', zip: '3500', city: 'Hasselt', country: 'BE', lat: 50.9311, lng: 5.3378, precision: 'house' });
    expect(a!.attribution).toContain('OpenStreetMap');
    expect(server.requests.at(-1)!.url.searchParams.get('q')).toBe('Kerkstraat 12 bus 3, 3500 Hasselt');
  });

  it('reverse-geocodes with lat and lon parameters', async () => {
    const a = await photonGeocoder(server.url).reverse(50.93, 5.33);
    expect(a?.city).toBe('Hasselt');
    const q = server.requests.at(-1)!.url.searchParams;
    expect([q.get('lat'), q.get('lon')]).toEqual(['50.93', '5.33']);
  });
});

describe('Nominatim adapter', () => {
  it('reads string lat/lon into numbers and sends an identifying User-Agent', async () => {
    const a = await nominatimGeocoder(server.url, 'vrachtmarkt-test').geocode('Kerkstraat 12, 3500 Hasselt');
    expect(a).toMatchObject({ street: 'Kerkstraat', number: '12', zip: '3500', city: 'Hasselt', country: 'BE', lat: 50.9311, lng: 5.3378, precision: 'house' });
    expect(server.requests.at(-1)!.headers['user-agent']).toBe('vrachtmarkt-test');
    expect(server.requests.at(-1)!.url.searchParams.get('format')).toBe('jsonv2');
  });
});

describe('OSRM adapter', () => {
  it('asks lng,lat order and returns the precision-5 polyline, metres and seconds', async () => {
    const r = await osrmRouter(server.url).route({ lat: 50.93106, lng: 5.33781 }, { lat: 50.85045, lng: 4.34878 });
    expect(server.requests.at(-1)!.url.pathname).toBe('/route/v1/driving/5.33781,50.93106;4.34878,50.85045');
    expect(r).toMatchObject({ distance: 83457, duration: 3720, estimated: false });
    expect(polyline.decode(r.points, 5)).toEqual(osrmPoints);
  });

  it('turns an OSRM error into an exception', async () => {
    await expect(osrmRouter(server.url).route({ lat: 0, lng: 0 }, { lat: 1, lng: 1 })).rejects.toThrow(/OSRM/);
  });
});
