import type { Request } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, newPerson, test } from '../support/fixtures.ts';

test('registers with phone verification and lands on the create-shipment route; logs out and in again', async ({ page, server }) => {
  const p = newPerson();
  await page.goto('/#/register');
  await expect(page.getByRole('heading', { name: 'Registreren' })).toBeVisible();

  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await expect(page.getByText(`Code verstuurd naar ${p.e164}.`)).toBeVisible();
  await page.getByLabel('Verificatiecode').fill(await server.smsCode(p.e164));
  await page.getByRole('button', { name: 'Verifieer code' }).click();
  await expect(page.getByText('Gsm-nummer geverifieerd.')).toBeVisible();

  await page.getByLabel('Voornaam').fill(p.first);
  await page.getByLabel('Achternaam').fill(p.last);
  await page.getByLabel('Geboortedatum').pressSequentially('02041991');
  await expect(page.getByLabel('Geboortedatum')).toHaveValue('02/04/1991');
  await page.getByLabel('E-mailadres').fill(p.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
  await page.getByLabel('Herhaal wachtwoord').fill(p.password);
  await expect(page.getByLabel('Land')).toHaveValue('BE');
  // The signed-in page reads the push list twice (the bell and the Activity column, each when it
  // mounts); logout is measured once every read has its answer, not during one. The event stream
  // (/api/events) stays open by design.
  const reading = new Set<Request>();
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().includes('/api/events')) reading.add(r);
  });
  page.on('requestfinished', (r) => reading.delete(r));
  page.on('requestfailed', (r) => reading.delete(r));
  await page.getByRole('button', { name: 'Registreren' }).click();

  await expect(page).toHaveURL(/#\/jobs\/create$/);
  await expect(page.getByText('Nog geen activiteit. Meldingen over je opdrachten verschijnen hier.')).toBeVisible();
  // The bell is a chunk of its own that may mount after the column: its read starts only then.
  await expect(page.getByRole('button', { name: /^Meldingen/ })).toBeVisible();
  await expect.poll(() => reading.size).toBe(0);
  const widget = page.getByTestId('user-widget');
  await expect(widget).toContainText(`${p.first} ${p.last}`);
  await expect(widget).toContainText(p.email);

  // Logout makes no server call.
  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));
  await widget.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(calls.filter((u) => u.includes('/oauth') || u.includes('/api/'))).toEqual([]);
  await expect(page.getByTestId('user-widget')).toHaveCount(0);

  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await expect(page.getByTestId('user-widget')).toContainText(p.email);
});

test('shows the rules of the register form under the fields', async ({ page }) => {
  await page.goto('/#/register');
  await page.getByLabel('Gsm-nummer').fill('0470 12 34 56');
  await page.getByLabel('Geboortedatum').fill('01/01/2015');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('abc');
  await page.getByLabel('Herhaal wachtwoord').fill('abd');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByText('Je moet ouder zijn dan 18 jaar.', { exact: true })).toBeVisible();
  await expect(page.getByText('Het wachtwoord moet minstens 6 tekens lang zijn.')).toBeVisible();
  await expect(page.getByText('De wachtwoorden komen niet overeen.')).toBeVisible();
  await expect(page.getByText('Verifieer eerst je telefoonnummer met de sms-code.')).toBeVisible();
  await expect(page).toHaveURL(/#\/register$/);
});

test('the phone field: why sending is off, no stale required error after sending, a countdown, and how long to wait after too many codes', async ({ page }) => {
  // The app's clock is the test's: the countdown is skipped, not waited for.
  await page.clock.install();
  const p = newPerson();
  await page.goto('/#/register');
  const phone = page.getByLabel('Gsm-nummer');

  // Submitting the empty form first: the phone field says it is required.
  await page.getByRole('button', { name: 'Registreren' }).click();
  const phoneField = page.locator('.phone-verification .field').first();
  await expect(phoneField.getByText('Dit veld is verplicht.')).toBeVisible();

  // Too short: the button is off and the hint says why.
  await phone.fill('0470 12');
  await expect(page.getByRole('button', { name: 'Verstuur code' })).toBeDisabled();
  await expect(phoneField.getByText('Vul je volledige gsm-nummer in (minstens 9 cijfers, bv. 0470 12 34 56) om een code te sturen.')).toBeVisible();

  await phone.fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await expect(phoneField.getByText(`Code verstuurd naar ${p.e164}.`, { exact: false })).toBeVisible();
  await expect(phoneField.locator('.field-error')).toHaveCount(0);
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

  // 'Stuur opnieuw' counts down, then can be used; the server allows 3 codes per number in 10 minutes.
  const resendCounting = page.getByRole('button', { name: /^Stuur opnieuw \(0:\d\d\)$/ });
  for (let sent = 1; sent < 3; sent++) {
    await expect(resendCounting).toBeDisabled();
    await page.clock.runFor(31_000);
    await page.getByRole('button', { name: 'Stuur opnieuw', exact: true }).click();
  }
  await expect(resendCounting).toBeDisabled();
  await page.clock.runFor(31_000);
  await page.getByRole('button', { name: 'Stuur opnieuw', exact: true }).click();
  await expect(phoneField.getByText(/^Je vroeg te veel codes na elkaar\. Probeer opnieuw over (10|9) minuten\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Stuur opnieuw \(\d+:\d\d\)$/ })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
});

// Issue 20, defect 8: "Dit veld is verplicht." stayed under fields already filled in until the next submit.
test('defect 8: a required error goes as soon as its field is filled in, and only that one', async ({ page }) => {
  await page.goto('/#/register');
  await page.getByRole('button', { name: 'Registreren' }).click();
  const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');
  await expect(errorOf('Voornaam')).toHaveText('Dit veld is verplicht.');
  await expect(errorOf('Achternaam')).toHaveText('Dit veld is verplicht.');
  await page.getByLabel('Voornaam').fill('Lotte');
  await expect(errorOf('Voornaam')).toHaveCount(0);
  await expect(page.getByLabel('Voornaam')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(errorOf('Achternaam')).toHaveText('Dit veld is verplicht.');
  // The birthday is typed through its mask: it is judged as it is typed too.
  await page.getByLabel('Geboortedatum').pressSequentially('02041991');
  await expect(errorOf('Geboortedatum')).toHaveCount(0);
  // A wrong value still says so at once.
  await page.getByLabel('E-mailadres').fill('lotte@');
  await expect(errorOf('E-mailadres')).toHaveText('Vul een geldig e-mailadres in.');
});
