import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from '@playwright/test';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Issue 10: with GEOCODER=photon the suggestions are street-level. A local fake Photon answers
// street results the way photon.komoot.io does (GeoJSON, [lng, lat]).

type FakePhoton = { url: string; queries: string[]; close: () => Promise<void> };

async function startFakePhoton(): Promise<FakePhoton> {
  const queries: string[] = [];
  const feature = (street: string, housenumber: string, postcode: string, city: string, lng: number, lat: number) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: { osm_type: 'N', osm_id: 1, country: 'Belgium', countrycode: 'BE', street, housenumber, postcode, city, type: 'house' },
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/') queries.push(url.searchParams.get('q') ?? '');
    const features =
      url.pathname === '/api/'
        ? [feature('Kerkstraat', '12', '9000', 'Gent', 3.7251, 51.0556), feature('Kerkstraat', '12', '9050', 'Gent', 3.7511, 51.0402)]
        : [feature('Korenmarkt', '1', '9000', 'Gent', 3.7215, 51.0546)];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'FeatureCollection', features }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, queries, close: () => new Promise((r) => server.close(() => r())) };
}

const test = base.extend<object, { photon: FakePhoton; server: TestServer }>({
  photon: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const photon = await startFakePhoton();
      await use(photon);
      await photon.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ photon }, use) => {
      const server = await startServer({ GEOCODER: 'photon', PHOTON_URL: photon.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test('with GEOCODER=photon the wizard suggests streets with house numbers, not towns', async ({ page, photon }) => {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: /Klein/ }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await page.getByLabel('Omschrijving van de goederen').fill('Doos');
  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();

  const input = page.getByRole('combobox', { name: 'Adres' });
  await input.fill('Kerkstraat 12 Gent');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toHaveText('Kerkstraat 12, 9000 Gent');
  await expect(page.getByRole('listbox')).not.toContainText('Plaats bij benadering');
  expect(photon.queries).toContain('Kerkstraat 12 Gent');
  await options.first().click();
  await expect(input).toHaveValue('Kerkstraat 12, 9000 Gent');
  // A street-level place is not approximate.
  await expect(page.getByTestId('approximate-note')).toHaveCount(0);
  // A click on the map takes the street the provider found there.
  await page.getByTestId('location-map').click({ position: { x: 200, y: 100 } });
  await expect(input).toHaveValue('Korenmarkt 1, 9000 Gent');
});
