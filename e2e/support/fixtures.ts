import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type TestServer } from './server.ts';

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
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };
