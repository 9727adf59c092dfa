import { extractText, getDocumentProxy } from 'unpdf';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferWithCard, signedInWithJob } from '../support/demo.ts';
import { createStaff, drawSignature, jpeg, pdfFile, virtualAuthenticator } from '../support/driver-app.ts';
import { expect, newPerson, test, tokenIn } from '../support/fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Issue 21, acceptance: on a fresh embedded database, a driver joins on a phone (375 px, position
// emulated in Hasselt), is refused once by staff and sees why, fixes it and is approved by staff
// who signed in with a passkey (virtual WebAuthn authenticator); the driver sees a new matching job
// arrive live and bids; the sender, in a second browser, accepts; the driver goes offline, drives
// the job to delivered with photos and signatures drawn with the mouse, comes back online; the
// sender's page shows the states and the proof, the consignment note PDF carries the CMR
// particulars, and the sender confirms the delivery.

let market: TestServer;
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT);
  // No demo drivers: the only offer is this driver's.
  market = await startServer({ DEMO_DRIVERS: 'false' });
});
test.afterAll(async () => market?.stop());

test('a driver joins, is refused then approved by staff, bids on a live job, drives it offline with proof; the sender sees it all and confirms', async ({ browser }) => {
  test.setTimeout(300_000);
  const phone = await browser.newContext({
    baseURL: market.url,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { latitude: 50.931, longitude: 5.338, accuracy: 15 },
  });
  const driver = await phone.newPage();
  const accessible = async (page = driver) => expect.poll(async () => seriousViolations(page)).toEqual([]);
  const p = newPerson();

  // 1. Joining: the account with a verified phone, as a sole trader under the exemption.
  await driver.goto('/driver/');
  await driver.getByRole('link', { name: 'Registreer als chauffeur' }).click();
  await driver.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await driver.getByRole('button', { name: 'Verstuur code' }).click();
  await driver.getByLabel('Verificatiecode').fill(await market.smsCode(p.e164));
  await driver.getByRole('button', { name: 'Verifieer code' }).click();
  await expect(driver.getByText('Gsm-nummer geverifieerd.')).toBeVisible();
  await driver.getByLabel('Voornaam').fill(p.first);
  await driver.getByLabel('Achternaam').fill(p.last);
  await driver.getByLabel('Geboortedatum').pressSequentially('02041991');
  await driver.getByLabel('E-mailadres').fill(p.email);
  await driver.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
  await driver.getByLabel('Herhaal wachtwoord').fill(p.password);
  await driver.getByRole('radio', { name: 'Als zelfstandige (natuurlijke persoon)' }).check();
  await driver.getByLabel('Ondernemingsnummer (KBO)').fill('0403.170.701');
  await driver.getByLabel(/vrijstellingsregeling/).check();
  await driver.getByLabel('IBAN-rekeningnummer').fill('BE68 5390 0754 7034');
  // Issue 22: the self-billing agreement, accepted when joining.
  await driver.getByLabel(/overeenkomst voor zelffacturatie/).check();
  await driver.getByRole('button', { name: 'Registreren' }).click();
  await expect(driver.getByTestId('driver-status')).toHaveText('Nog niet aangevraagd');

  // A van (500 kg payload: the most a vehicle carries without a transport licence; the job below is
  // 500 kg) and the two documents it calls for, then the request.
  await driver.getByRole('link', { name: 'Voertuig toevoegen' }).click();
  await driver.getByLabel('Soort voertuig').selectOption({ label: 'Bestelwagen' });
  await driver.getByLabel('Merk en model').fill('Renault Kangoo');
  await driver.getByLabel('Nummerplaat').fill('1-abc-123');
  await driver.getByLabel('Laadvermogen (kg)').fill('500');
  await driver.getByLabel('Maximaal toegelaten massa (kg)').fill('2400');
  await driver.getByRole('button', { name: 'Opslaan' }).click();
  await expect(driver.getByText('Renault Kangoo')).toBeVisible();
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  /** Uploads both documents and asks; `before`: the rows already listed (waited for: the list loads after the page). */
  const uploadBoth = async (before: number) => {
    await driver.getByRole('link', { name: 'Documenten' }).click();
    await expect(driver.getByRole('heading', { name: 'Documenten', level: 1 })).toBeVisible();
    await expect(driver.locator('.document-row')).toHaveCount(before);
    for (const [i, [kind, title]] of (
      [
        ['driving_licence', 'rijbewijs'],
        ['cmr_insurance', 'cmr-verzekering'],
      ] as const
    ).entries()) {
      await driver.getByLabel('Document', { exact: true }).selectOption(kind);
      await driver.getByLabel('Geldig tot').fill(nextYear);
      await driver.getByLabel('Bestand').setInputFiles(pdfFile(title));
      await driver.getByRole('button', { name: 'Uploaden' }).click();
      await expect(driver.locator('.document-row')).toHaveCount(before + i + 1);
    }
    await driver.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Account/ }).click();
    await driver.getByRole('button', { name: 'Verificatie aanvragen' }).click();
    await expect(driver.getByTestId('driver-status')).toHaveText('Wacht op verificatie: ons team bekijkt je documenten.');
  };
  await uploadBoth(0);
  await accessible();

  // 2. Staff, signed in with a passkey, refuse with a reason.
  const office = await browser.newContext();
  const staff = await office.newPage();
  await virtualAuthenticator(staff);
  await staff.goto(createStaff(market, `support.${Date.now()}@ops.vrachtmarkt.be`, 'support', 'Sara Support'));
  await staff.getByRole('button', { name: 'Passkey aanmaken' }).click();
  await expect(staff.getByRole('heading', { name: 'Dag Sara Support' })).toBeVisible();
  // Signed out and in again with the passkey, as staff do every day.
  await staff.getByRole('button', { name: 'Afmelden' }).click();
  await staff.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
  await expect(staff.getByRole('heading', { name: 'Dag Sara Support' })).toBeVisible();
  await staff.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Chauffeurs' }).click();
  const row = staff.getByRole('row', { name: new RegExp(p.last) });
  await row.getByRole('link').first().click();
  const reason = 'De scan van je rijbewijs is onleesbaar, laad een scherpere op.';
  await staff.getByLabel('Reden (de chauffeur leest dit)').fill(reason);
  await staff.getByRole('button', { name: 'Weigeren met deze reden' }).click();
  await expect(staff.getByText('De chauffeur is geweigerd en krijgt de reden te lezen.')).toBeVisible();
  await accessible(staff);

  // The driver sees why, uploads again and asks again; staff approve.
  await driver.reload();
  await expect(driver.getByTestId('driver-status')).toHaveText('Geweigerd');
  await expect(driver.getByText(`Reden: ${reason}`)).toBeVisible();
  await uploadBoth(2);
  await staff.getByRole('link', { name: 'Terug naar de chauffeurs te controleren' }).click();
  await row.getByRole('link').first().click();
  await staff.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(staff.getByText('De chauffeur is goedgekeurd en krijgt bericht.')).toBeVisible();
  await driver.reload();
  await expect(driver.getByTestId('driver-status')).not.toHaveText(/Wacht op verificatie|Geweigerd/);

  // 3. The board near Hasselt; a sender books a job there; it arrives without a reload.
  await driver.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Werk/ }).click();
  await expect(driver.getByTestId('board-position')).toBeVisible();
  const shop = await browser.newContext({ baseURL: market.url });
  const sender = await shop.newPage();
  const { id } = await signedInWithJob(sender, market);
  const card = driver.getByTestId('board-list').getByRole('listitem').filter({ hasText: 'Hasselt' });
  await expect(card).toContainText('Nieuw', { timeout: 20_000 });
  await accessible();
  await card.getByRole('link').first().click();
  await driver.getByLabel('Je prijs zonder btw (€)').fill('120');
  await expect(driver.getByTestId('sender-total')).toHaveText(/145,20/);
  await driver.getByRole('button', { name: 'Bod versturen' }).click();
  await expect(driver.getByTestId('my-offer')).toHaveText(/120,00/);

  // 4. The sender accepts in their own browser.
  await sender.goto(`/#/jobs/${id}`);
  await acceptFirstOfferWithCard(sender);

  // 5. The driver, offline, drives the job to delivered with proof; then online again.
  await driver.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Mijn ritten' }).click();
  await driver.getByRole('listitem').filter({ hasText: 'Hasselt' }).getByRole('link').first().click();
  await expect(driver.getByTestId('run-state')).toHaveText('Status: Aanvaard');
  // The proof screen's code is fetched once while online (the service worker keeps it too).
  await driver.goto(`/driver/#/my-jobs/${id}/proof/pickup`);
  await expect(driver.getByRole('heading', { name: /^Ophaalbewijs in / })).toBeVisible();
  await driver.goto(`/driver/#/my-jobs/${id}`);
  await expect(driver.getByTestId('run-state')).toHaveText('Status: Aanvaard');
  await phone.setOffline(true);
  const step = async (button: string, shown: string) => {
    await driver.getByRole('button', { name: button, exact: true }).click();
    await expect(driver.getByTestId('run-state')).toContainText(`Status: ${shown}`);
  };
  const proof = async (kind: 'pickup' | 'delivery', signer: string) => {
    await driver.getByRole('button', { name: kind === 'pickup' ? 'Ophaalbewijs opnemen' : 'Leveringsbewijs opnemen' }).click();
    await driver.getByLabel("Foto's van Zetel").setInputFiles([await jpeg(driver, `${kind}.jpg`)]);
    if (kind === 'delivery') {
      await driver.getByRole('radio', { name: 'Met voorbehoud' }).check();
      await driver.getByRole('textbox', { name: 'Voorbehoud' }).fill('Hoek van de zetel licht beschadigd.');
    }
    await driver.getByLabel(kind === 'pickup' ? 'Naam van wie afgeeft' : 'Naam van wie ontvangt').fill(signer);
    await drawSignature(driver);
    await driver.getByRole('button', { name: kind === 'pickup' ? 'Bewijs opslaan en geladen' : 'Bewijs opslaan en geleverd' }).click();
    await expect(driver.getByTestId('run-state')).toContainText(`Status: ${kind === 'pickup' ? 'Geladen' : 'Geleverd'}`);
  };
  await step('Vertrekken naar ophaling', 'Onderweg naar ophaling');
  await step('Bijna bij ophaling', 'Bijna aan ophaling');
  await step('Aangekomen bij ophaling', 'Aangekomen bij ophaling');
  await step('Begin met laden', 'Aan het laden');
  await proof('pickup', 'Jan Peeters');
  await step('Vertrekken naar levering', 'Onderweg naar levering');
  await step('Bijna bij levering', 'Bijna aan levering');
  await step('Aangekomen bij levering', 'Aangekomen bij levering');
  await step('Begin met lossen', 'Aan het lossen');
  await step('Gelost', 'Gelost');
  await proof('delivery', 'Sofie Claes');
  // Nothing reached the server yet: the sender's page still says accepted.
  await sender.reload();
  await expect(sender.locator('.job-detail .badge').first()).toHaveText('Aanvaard');
  await phone.setOffline(false);
  await expect(driver.getByText(/acties? wacht(en)? op verzending\./)).toHaveCount(0, { timeout: 60_000 });

  // 6. The sender's page shows the delivery and the proof, without a reload.
  await expect(sender.locator('.job-detail .badge').first()).toHaveText('Geleverd', { timeout: 40_000 });
  const shown = sender.getByRole('region', { name: 'Bewijs van ophalen en levering' });
  await expect(shown.getByText('Jan Peeters')).toBeVisible();
  await expect(shown.getByText('Sofie Claes')).toBeVisible();
  await expect(shown.getByText('Hoek van de zetel licht beschadigd.')).toBeVisible();
  await expect(shown.getByRole('img', { name: 'Handtekening van Sofie Claes' })).toBeVisible();
  await accessible(sender);

  // Every state is there, in order.
  const token = await tokenIn(sender);
  const job = (await (await fetch(`${market.url}/api/shipment/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { states: { state: string }[] };
  expect(job.states.map((s) => s.state)).toEqual(['new', 'accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery', 'arriveddelivery', 'unloading', 'unloaded', 'delivered']);

  // The consignment note: a PDF with the CMR particulars (article 6), read as text.
  const note = await fetch(`${market.url}/api/shipment/${id}/consignment-note.pdf`, { headers: { authorization: `Bearer ${token}` } });
  expect(note.headers.get('content-type')).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await note.arrayBuffer())), { mergePages: true });
  for (const field of ['Vrachtbrief (CMR)', 'Afzender', 'Vervoerder', 'Geadresseerde', 'Aantal colli', 'Brutogewicht', 'Hasselt', 'Gent', 'Jan Peeters', 'Sofie Claes', 'Hoek van de zetel licht beschadigd.']) {
    expect(text, field).toContain(field);
  }

  // 7. The sender confirms the delivery.
  await shown.getByRole('button', { name: 'Levering bevestigen' }).click();
  await expect(shown.getByRole('status')).toHaveText(/Je bevestigde de levering/);

  await Promise.all([phone.close(), office.close(), shop.close()]);
});
