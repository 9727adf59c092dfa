import { test as base, expect, type Page } from '@playwright/test';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from './server.ts';

let counter = 0;
/** A fresh Belgian mobile number and email per call; numbers are E.164 as the server logs them. */
export function newPerson() {
  counter += 1;
  const n = `${Date.now() % 100000}${counter}`.slice(-6).padStart(6, '0');
  return {
    first: 'Lotte',
    last: 'Janssens',
    email: `lotte.${Date.now()}.${counter}@example.be`,
    password: 'geheim123',
    typedPhone: `0470 ${n.slice(0, 2)} ${n.slice(2)}`,
    e164: `+32470${n}`,
  };
}
export type Person = ReturnType<typeof newPerson>;

/** Registers through the API (client token, SMS code from the server log), like the web app does. */
export async function registerViaApi(server: TestServer, p: Person = newPerson()): Promise<Person> {
  const post = async (url: string, body: unknown, bearer?: string) => {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { access_token } = await post('/oauth/access_token', { grant_type: 'client_credentials', client_id: 'web', scope: 'app' });
  await post('/api/phone/verification', { cellphone: p.e164 }, access_token);
  const { verification_token } = await post('/api/phone/verification/check', { cellphone: p.e164, code: await server.smsCode(p.e164) }, access_token);
  await post(
    '/api/user',
    { first_name: p.first, last_name: p.last, cellphone: p.e164, birthday: '1991-04-02', email: p.email, password: p.password, repeat_password: p.password, address: { country: 'BE' }, verification_token },
    access_token,
  );
  return p;
}

/** The signed-in page's access token, for calls the UI does not offer (drivers, admin). */
export const tokenIn = (page: Page): Promise<string> => page.evaluate(() => JSON.parse(localStorage.getItem('vm.token')!).access_token);

/** Where a stop is: the fields of an address a test names. */
export type StopPlace = { street: string; zip: string; city: string; lat: number; lng: number };

/**
 * A shipment Hasselt -> Gent (or to `delivery`) with pickup tomorrow 08:00-17:00, made through the
 * API the wizard uses, in the Dutch app's words (Accept-Language nl-BE).
 */
export async function createShipmentViaApi(server: TestServer, token: string, delivery: StopPlace = { street: 'Markt', zip: '', city: 'Gent', lat: 51.054, lng: 3.717 }): Promise<number> {
  const day = new Date(Date.now() + 24 * 3600_000);
  const at = (h: number) => Math.floor(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h - 1) / 1000); // Brussels is UTC+1 in winter
  const side = (place: StopPlace, from: number, till: number) => ({ ...place, date_from: from, date_till: till, date_timezone: 'Europe/Brussels', number: '1', country: 'BE', notes: 'Bel aan' });
  const form = new FormData();
  form.append(
    'content',
    JSON.stringify({
      pickup: side({ street: 'Markt', zip: '', city: 'Hasselt', lat: 50.931, lng: 5.338 }, at(8), at(17)),
      delivery: side(delivery, at(17), at(22)),
      insurance: 'cmr',
      packages: [{ type: 'medium', description: 'Zetel' }],
    }),
  );
  const res = await fetch(`${server.url}/api/shipment`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': 'nl-BE' } });
  if (res.status !== 201) throw new Error(`create shipment: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

export async function logInViaForm(page: Page, p: Pick<Person, 'email' | 'password'>) {
  await page.getByLabel('E-mailadres').fill(p.email);
  await page.getByLabel('Wachtwoord').fill(p.password);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
}

/** One server per worker; tests that need special settings start their own with startServer. */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    // Playwright reads fixture dependencies from this destructuring; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    // The start may take up to 2 minutes on a busy machine (startServer); a test's own limit is 60 s.
    { scope: 'worker', timeout: SERVER_START_TIMEOUT },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };
