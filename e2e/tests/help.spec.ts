import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, newPerson, registerViaApi, test } from '../support/fixtures.ts';

// Issue 20, defect 12: "'Neem contact met ons op' (under the locked VAT number) leads nowhere; there
// is no help, contact or FAQ anywhere. No mail confirms a registration."
test('defect 12: contact us leads to help, the contact form reaches staff, a new sender gets a welcome mail', async ({ page, server }) => {
  const p = await registerViaApi(server);
  // The welcome mail, with the way to the help page.
  await expect.poll(async () => (await server.outbox()).filter((m) => m.to === p.email && m.subject === 'Welkom bij Vrachtmarkt').length).toBe(1);
  expect((await server.outbox()).find((m) => m.to === p.email)!.text).toContain('/#/help');

  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  const company = page.locator('form[aria-labelledby="company-title"]');
  await company.getByLabel('Bedrijfsnaam').fill('Janssens Meubelen BV');
  await company.getByLabel('E-mailadres voor facturen').fill('factuur@janssens.be');
  await company.getByLabel('Btw-nummer').fill('BE0403170701');
  await company.getByLabel('Bedrijfsadres').fill('Kerkstraat 12, 3500 Hasselt');
  await company.getByLabel('Bedrijfsadres').press('Tab');
  await company.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(company.getByLabel('Btw-nummer')).toHaveAttribute('readonly', '');

  // "Contact us" under the locked number is a link to the help page.
  await company.getByRole('link', { name: 'Neem contact met ons op.' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hulp en contact' })).toBeVisible();
  await expect(page).toHaveTitle(/Hulp en contact/);
  // The questions open as disclosures; the cancelling answer states the rule the product applies.
  await page.getByText('Kan ik een opdracht annuleren?').click();
  await expect(page.getByText(/gratis tot 48 uur voor het ophaalvenster/)).toBeVisible();

  // Signed in: name and address are filled in; an empty message is refused at the field.
  await expect(page.getByLabel('Je e-mailadres')).toHaveValue(p.email);
  await expect(page.getByLabel('Je naam')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.getByLabel('Je bericht')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Onderwerp').selectOption('insurance');
  await page.getByLabel('Je bericht').fill('Mijn btw-nummer is fout ingevuld, kunnen jullie het aanpassen?');
  await page.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'je bericht is verstuurd' })).toBeVisible();

  // Staff get it at the support address, and an answer goes to the sender.
  await expect.poll(async () => (await server.outbox()).filter((m) => m.to === 'support@vrachtmarkt.localhost').length).toBe(1);
  const mail = (await server.outbox()).find((m) => m.to === 'support@vrachtmarkt.localhost')! as { text: string; replyTo?: string };
  expect(mail.text).toContain('Mijn btw-nummer is fout ingevuld');
  expect(mail.replyTo).toBe(p.email);

  // The menu leads there too.
  await page.goto('/#/account');
  await page.getByRole('link', { name: 'Hulp' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hulp en contact' })).toBeVisible();
});

test('a guest reaches help and sends a message', async ({ page, server }) => {
  const guest = newPerson();
  await page.goto('/#/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Hulp en contact' })).toBeVisible();
  await page.getByLabel('Je naam').fill('Els Peeters');
  await page.getByLabel('Je e-mailadres').fill(guest.email);
  await page.getByLabel('Je bericht').fill('Hoe betaal ik op factuur?');
  await page.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'je bericht is verstuurd' })).toBeVisible();
  await expect.poll(async () => (await server.outbox()).filter((m) => m.to === 'support@vrachtmarkt.localhost' && m.text.includes(guest.email)).length).toBe(1);
});

for (const lang of ['nl', 'fr'] as const) {
  test.describe(`help in ${lang}`, () => {
    test.use({ locale: lang === 'fr' ? 'fr-BE' : 'nl-BE' });
    for (const width of [1280, 375]) {
      test(`has no serious or critical axe violations at ${width} px${lang === 'fr' && width === 375 ? ', and no sideways scroll' : ''}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/#/help');
        await expect(page.getByRole('heading', { level: 1, name: lang === 'fr' ? 'Aide et contact' : 'Hulp en contact' })).toBeVisible();
        // Open every answer, so axe and the width check see them too.
        for (const summary of await page.locator('summary').all()) await summary.click();
        expect(await seriousViolations(page)).toEqual([]);
        if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      });
    }
  });
}
