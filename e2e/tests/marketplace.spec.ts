import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferWithCard, confirmAccept, demo, fillCard, signedInWithJob } from '../support/demo.ts';
import { expect, logInViaForm, registerViaApi, test, tokenIn } from '../support/fixtures.ts';

demo('the whole lifecycle: demo offers arrive live, card added in place, accepted, driven to delivered, confirmed, finalised, rated', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByRole('heading', { name: /Referentienr\. VM-/ })).toBeVisible();
  await expect(page.getByTestId('route-map')).toBeVisible();

  // No reload: the page refreshes itself while offers come in.
  const view = page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ });
  await expect(view).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await view.click();
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await expect(modal).toBeVisible();
  const rows = modal.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  // Offers may still be arriving (cheapest first), so the clicked row can move: one row is selected.
  await rows.first().click();
  await expect(modal.locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
  await expect(modal.getByText('Transportkost')).toBeVisible();
  await expect(modal.getByText(/Totaal incl\. 21 % btw/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  await expect(modal.getByRole('heading', { name: 'Voeg eerst een kredietkaart toe' })).toBeVisible();
  await expect(modal.getByText('Testmodus.')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await confirmAccept(page);
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
  await expect(modal).toBeHidden();

  // The demo driver drives the job to delivered, with the proof at pickup and delivery; the sender
  // sees it and confirms, which releases the money and finishes the job.
  const badge = page.locator('.job-detail .badge').first();
  await expect(badge).toHaveText('Geleverd', { timeout: 40_000 });
  const proof = page.getByRole('region', { name: 'Bewijs van ophalen en levering' });
  await expect(proof.getByText('Demo Afzender')).toBeVisible();
  await expect(proof.getByText('Demo Ontvanger')).toBeVisible();
  await expect(proof.getByRole('img', { name: 'Handtekening van Demo Ontvanger' })).toBeVisible();
  await expect(proof.getByRole('button', { name: 'Vrachtbrief (CMR) downloaden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await proof.getByRole('button', { name: 'Levering bevestigen' }).click();
  await expect(proof.getByRole('status')).toHaveText(/Je bevestigde de levering/);
  await expect(badge).toHaveText('Afgerond');

  await expect(page.getByRole('heading', { name: 'Beoordelingen' })).toBeVisible();
  await page.getByRole('button', { name: '4 van 5 sterren' }).click();
  await expect(page.getByTestId('given-rating').getByRole('img', { name: '4 van 5 sterren' })).toBeVisible();
  // The demo driver rated the sender too, once the job was done.
  await expect(page.getByRole('img', { name: '5 van 5 sterren' })).toBeVisible({ timeout: 10_000 });

  await page.goto('/#/jobs/status/previous');
  await expect(page.getByRole('link', { name: /Hasselt → Gent/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

demo('Bancontact: declined on the bank page leaves the job open; authorised accepts the offer', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  const openOffers = async () => {
    await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
    const modal = page.getByRole('dialog', { name: 'Biedingen' });
    await modal.locator('tbody tr').first().click();
    await modal.getByRole('button', { name: 'Betalen met Bancontact' }).click();
    await confirmAccept(page, 'Verder naar Bancontact');
  };

  await openOffers();
  await expect(page.getByRole('heading', { name: 'Bancontact' })).toBeVisible();
  await expect(page.getByText('TESTMODUS')).toBeVisible();
  await page.getByRole('button', { name: 'Betaling weigeren' }).click();
  await expect(page.getByText('De betaling werd geweigerd.')).toBeVisible();
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Nieuw');

  await openOffers();
  await page.getByRole('button', { name: 'Betaling goedkeuren' }).click();
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
  await expect(page.locator('.job-detail .badge').first()).not.toHaveText('Nieuw');
  await expect(page).toHaveURL(new RegExp(`#/jobs/${id}$`));
});

demo('insurance can change while new, and is refused once an offer is accepted', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await page.getByRole('button', { name: 'Wijzigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verzekering wijzigen' });
  await dialog.getByRole('radio', { name: /All-in tot 2\.500 euro/ }).check();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De verzekering van je opdracht is bijgewerkt!')).toBeVisible();
  await expect(page.getByText('All-in tot 2.500 euro')).toBeVisible();

  // Accept with a stored card, then the Change button is gone and the server refuses the call.
  await acceptFirstOfferWithCard(page, '5555 5555 5555 4444');
  await expect(page.getByRole('button', { name: 'Wijzigen' })).toHaveCount(0);
  const token = await tokenIn(page);
  const res = await fetch(`${demoServer.url}/api/shipment/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'nl-BE' }, body: JSON.stringify({ id, insurance: 'free' }) });
  expect(res.status).toBe(409);
  expect((await res.json()).error_description).toMatch(/^De verzekering kan niet meer gewijzigd worden/);
});

demo('invoice payment: request on the account page, admin approval, then accepting by invoice', async ({ page, demoServer }) => {
  const { p, id } = await signedInWithJob(page, demoServer);
  await page.goto('/#/account');
  await page.getByLabel('Bedrijfsnaam').fill('Janssens Meubelen BV');
  await page.getByLabel('Btw-nummer').fill('BE0403170701');
  await page.getByLabel('Bedrijfsadres').fill('Kerkstraat 12, 3500 Hasselt');
  await page.getByLabel('Bedrijfsadres').press('Tab');
  await page.getByLabel('E-mailadres voor facturen').fill('factuur@janssens.be');
  await page.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(page.getByText('Je bedrijfsgegevens zijn bijgewerkt.')).toBeVisible();
  await expect(page.getByLabel('Btw-nummer')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Betalen op factuur aanvragen' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Aangevraagd: we bekijken je aanvraag');
  await expect(page.getByRole('button', { name: 'Betalen op factuur annuleren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const admin = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/admin.ts', 'invoice', 'approve', p.email], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: demoServer.dataDir, API_URL: demoServer.url },
    encoding: 'utf8',
  });
  expect(admin.stderr).toBe('');
  expect(admin.stdout.trim()).toBe(`Invoice payment approved for ${p.email}.`);
  expect(admin.status).toBe(0);

  await page.reload();
  await expect(page.getByTestId('invoice-status')).toHaveText('Goedgekeurd: je betaalt op factuur');
  await page.goto(`/#/jobs/${id}`);
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await modal.locator('tbody tr').first().click();
  await expect(modal.getByText('Je betaalt op factuur.')).toBeVisible();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  await expect(page.getByRole('dialog', { name: 'Bod aanvaarden?' })).toContainText('Op factuur');
  await confirmAccept(page);
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
});

test('cancelling a new job moves it to Cancelled/Expired', async ({ page, server }) => {
  const { id } = await signedInWithJob(page, server);
  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByText('Nog geen biedingen')).toBeVisible();
  await page.getByRole('button', { name: 'Opdracht annuleren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opdracht annuleren?' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Ja, annuleren' }).click();
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Geannuleerd');
  await expect(page.getByRole('button', { name: 'Opdracht annuleren' })).toHaveCount(0);
  await page.goto('/#/jobs/status/cancelled');
  await expect(page.getByRole('link', { name: /Hasselt → Gent/ })).toContainText('Geannuleerd');
  await page.goto('/#/jobs/status/active');
  await expect(page.getByText('Geen actieve opdrachten gevonden!')).toBeVisible();
});

test('a job past its pickup window shows under Cancelled/Expired', async ({ page, server }) => {
  await signedInWithJob(page, server);
  // Three days later on the browser's clock: the pickup window (tomorrow) has closed.
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 86400_000));
  await page.goto('/#/jobs/status/cancelled');
  await page.reload();
  await expect(page.getByRole('link', { name: /Hasselt → Gent/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Hasselt → Gent/ })).toContainText('Nieuw');
  await page.goto('/#/jobs/status/active');
  await expect(page.getByText('Geen actieve opdrachten gevonden!')).toBeVisible();
});

test('a declined card shows the refusal in Dutch inline on the account page', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await expect(page.getByText('Testmodus.')).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Je kaart werd geweigerd.' })).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Je kaart is toegevoegd!')).toBeVisible();
  await expect(page.getByText('Alle betalingen worden aangerekend op je kredietkaart.')).toBeVisible();
  await expect(page.getByText(/Visa •••• 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'Kredietkaart verwijderen' }).click();
  await page.getByRole('dialog', { name: 'Kaart verwijderen?' }).getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(page.getByText('Je kaart is verwijderd!')).toBeVisible();
  await expect(page.getByLabel('Kaartnummer')).toBeVisible();
});
