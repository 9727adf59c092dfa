import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GEO_RATE_LIMIT_PER_IP: '40' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('geo endpoints (no login)', () => {
  it('autocompletes the typed address into normalised addresses', async () => {
    const res = await get(`/api/geo/autocomplete?q=${encodeURIComponent('Rue Neuve 12, 1000 Bruxelles')}`);
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({ street: 'Rue Neuve', number: '12', zip: '1000', city: 'Brussel', country: 'BE', precision: 'locality' });
    expect((await get('/api/geo/autocomplete?q=a')).json()).toEqual([]);
  });

  it('names places in the language the web sends (Accept-Language)', async () => {
    const url = `/api/geo/autocomplete?q=${encodeURIComponent('Rue Neuve 12, 1000 Bruxelles')}`;
    const fr = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr-BE' } });
    expect(fr.json()[0].city).toBe('Bruxelles');
    const nl = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'nl-BE' } });
    expect(nl.json()[0].city).toBe('Brussel');
    const reverse = await t.app.inject({ method: 'GET', url: '/api/geo/reverse?lat=50.6337&lng=5.5675', headers: { 'accept-language': 'nl-BE' } });
    expect(reverse.json().city).toBe('Luik');
  });

  it('reverse-geocodes, answering null where nothing is near', async () => {
    expect((await get('/api/geo/reverse?lat=50.9311&lng=5.3378')).json().city).toBe('Hasselt');
    const sea = await get('/api/geo/reverse?lat=51.8&lng=2.2');
    expect(sea.statusCode).toBe(200);
    expect(sea.json()).toBeNull();
    const bad = await get('/api/geo/reverse?lat=91&lng=5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].field).toBe('lat');
  });

  it('answers the time zone of a point', async () => {
    expect((await get('/api/geo/timezone?lat=50.85&lng=4.35')).json()).toEqual({ timezone: 'Europe/Brussels' });
  });

  it('tells the web app about the map and providers, without secrets', async () => {
    const res = (await get('/api/config')).json();
    expect(res.map).toEqual({ tile_url: null, attribution: 'GeoNames (CC BY 4.0), Natural Earth' });
    expect(res.providers).toEqual({ sms: 'log', geocoder: 'embedded', router: 'estimate' });
    expect(JSON.stringify(res)).not.toMatch(/secret|token/i);
  });

  it('is rate-limited per IP', async () => {
    let last = 0;
    for (let i = 0; i < 45; i++) last = (await get('/api/geo/timezone?lat=50.85&lng=4.35')).statusCode;
    expect(last).toBe(429);
  });
});

describe('built-in basemap', () => {
  it('serves Belgium with its neighbours and the GeoNames towns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo/basemap' });
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map.countries.features.map((f: { properties: { country: string } }) => f.properties.country).sort()).toEqual(['BE', 'DE', 'FR', 'LU', 'NL']);
    expect(map.towns.length).toBeGreaterThan(2000);
    expect(map.attribution).toContain('Natural Earth');
  });

  it('gives towns with two names both, so the map speaks the reader’s language', async () => {
    const towns = (await t.app.inject({ method: 'GET', url: '/api/geo/basemap' })).json().towns as unknown[][];
    const town = (name: string) => towns.find((t) => t[0] === name);
    expect(town('Brussels')?.slice(4)).toEqual(['Brussel', 'Bruxelles']);
    expect(town('Liège')?.slice(4)).toEqual(['Luik', 'Liège']);
    expect(town('Mons')?.slice(4)).toEqual(['Bergen', 'Mons']);
    // A town with one name carries no others.
    expect(town('Hasselt')).toHaveLength(4);
  });
});
