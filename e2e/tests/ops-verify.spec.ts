import { seriousViolations } from '../support/axe.ts';
import { createStaff, virtualAuthenticator } from '../support/driver-app.ts';
import { expect, newPerson, test } from '../support/fixtures.ts';
import type { TestServer } from '../support/server.ts';

// Issue 21 part 1: staff verify drivers in the back office. A driver joins through the API (as the
// driver app does), uploads the documents and asks; a support member (signed in with a passkey of a
// virtual authenticator) opens the driver, a document, and refuses with a reason; the driver's app
// shows why; the driver uploads again and asks; staff approve. The queue and the driver page pass axe.

/** A small real PDF (the server checks a document's bytes). */
const pdf = (title: string) => new Blob([`%PDF-1.4\n% ${title}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`], { type: 'application/pdf' });
const nextYear = `${new Date().getFullYear() + 1}-06-30`;

/** A driver registered, with a light van and both documents, through the API the driver app uses. */
async function driverViaApi(server: TestServer) {
  const p = newPerson();
  const call = async (method: string, url: string, body?: unknown, bearer?: string) => {
    const form = body instanceof FormData;
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'accept-language': 'nl-BE', ...(form || body === undefined ? {} : { 'content-type': 'application/json' }), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const client = (await call('POST', '/oauth/access_token', { grant_type: 'client_credentials', client_id: 'web', scope: 'app' })).access_token;
  await call('POST', '/api/phone/verification', { cellphone: p.e164 }, client);
  const { verification_token } = await call('POST', '/api/phone/verification/check', { cellphone: p.e164, code: await server.smsCode(p.e164) }, client);
  await call(
    'POST',
    '/api/drivers',
    {
      first_name: 'Pieter',
      last_name: `Claes${p.e164.slice(-4)}`,
      cellphone: p.e164,
      birthday: '1988-03-14',
      email: p.email,
      password: p.password,
      repeat_password: p.password,
      address: { country: 'BE' },
      verification_token,
      driver: { kind: 'person', company_number: '0403.170.701', vat_exempt: true, iban: 'BE68 5390 0754 7034', self_billing_accepted: true },
    },
    client,
  );
  const token = (await call('POST', '/oauth/access_token', { grant_type: 'password', client_id: 'web', scope: 'app', username: p.email, password: p.password })).access_token as string;
  await call('POST', '/api/driver/vehicles', { type: 'van', name: 'Renault Kangoo', plate: '1-abc-123', payload_kg: 450, max_mass_kg: 2200, load_length_cm: 180, load_width_cm: 120, load_height_cm: 110 }, token);
  const upload = async (kind: string, title: string) => {
    const form = new FormData();
    form.append('content', JSON.stringify({ kind, expires: nextYear, file: 'scan' }));
    form.append('scan', pdf(title), `${title}.pdf`);
    await call('POST', '/api/driver/documents', form, token);
  };
  const uploadBoth = async () => {
    await upload('driving_licence', 'rijbewijs');
    await upload('cmr_insurance', 'cmr-verzekering');
    await call('POST', '/api/driver/verification', undefined, token);
  };
  await uploadBoth();
  return { ...p, name: `Pieter Claes${p.e164.slice(-4)}`, uploadBoth, profile: async () => (await call('GET', '/api/driver/profile', undefined, token)).profile };
}

test('staff refuse a driver with a reason the driver reads, then approve them after new documents', async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  const driver = await driverViaApi(server);
  const link = createStaff(server, `verify.${Date.now()}@ops.vrachtmarkt.be`, 'support', 'Sara Support');
  await virtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Passkey aanmaken' }).click();
  await expect(page.getByRole('heading', { name: 'Dag Sara Support' })).toBeVisible();

  // The queue: the driver waits for the account's verification.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Chauffeurs' }).click();
  await expect(page.getByRole('heading', { name: 'Chauffeurs te controleren' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(driver.name) });
  await expect(row).toContainText('Controle van het account');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link', { name: driver.name }).click();

  // The driver page: business details, the van (no licence needed), both documents waiting.
  await expect(page.getByRole('heading', { level: 1, name: driver.name })).toBeVisible();
  await expect(page.getByText('BE68539007547034')).toBeVisible();
  await expect(page.getByRole('row', { name: /Renault Kangoo/ })).toContainText('Niet nodig');
  await expect(page.getByRole('row', { name: /Rijbewijs/ })).toContainText('Wacht op controle');
  expect(await seriousViolations(page)).toEqual([]);

  // A document opens in a new tab from an object URL (fetched with the staff session).
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /Rijbewijs openen/ }).click()]);
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();

  // Refused: the reason is required, then sent.
  const reason = 'De scan van je rijbewijs is onleesbaar, laad een scherpere op.';
  await page.getByRole('button', { name: 'Weigeren met deze reden' }).click();
  await expect(page.getByLabel('Reden (de chauffeur leest dit)')).toHaveAccessibleDescription(/Dit veld is verplicht\./);
  await page.getByLabel('Reden (de chauffeur leest dit)').fill(reason);
  await page.getByRole('button', { name: 'Weigeren met deze reden' }).click();
  await expect(page.getByText('De chauffeur is geweigerd en krijgt de reden te lezen.')).toBeFocused();
  await expect(page.locator('.badge').filter({ hasText: 'Geweigerd' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The driver's app shows why.
  const driverContext = await browser.newContext({ baseURL: server.url });
  const driverPage = await driverContext.newPage();
  await driverPage.goto('/driver/');
  await driverPage.getByLabel('E-mailadres').fill(driver.email);
  await driverPage.getByLabel('Wachtwoord').fill(driver.password);
  await driverPage.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(driverPage.getByRole('heading', { name: 'Open ritten' })).toBeVisible();
  await driverPage.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Account' }).click();
  await expect(driverPage.getByTestId('driver-status')).toHaveText('Geweigerd');
  await expect(driverPage.getByText(`Reden: ${reason}`)).toBeVisible();
  await driverContext.close();

  // New documents, asked again: back in the queue; approved.
  await driver.uploadBoth();
  await page.getByRole('link', { name: 'Terug naar de chauffeurs te controleren' }).click();
  await expect(row).toContainText('Controle van het account');
  await row.getByRole('link', { name: driver.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: driver.name })).toBeVisible();
  await page.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(page.getByText('De chauffeur is goedgekeurd en krijgt bericht.')).toBeFocused();
  await expect(page.locator('.badge').filter({ hasText: 'Goedgekeurd' })).toBeVisible();
  expect((await driver.profile()).status).toBe('approved');

  await page.getByRole('link', { name: 'Terug naar de chauffeurs te controleren' }).click();
  await expect(page.getByRole('heading', { name: 'Chauffeurs te controleren' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(driver.name) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
