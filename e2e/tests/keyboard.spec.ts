import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { mondayAt } from '../support/clock.ts';
import { confirmWhenDelivered, demo } from '../support/demo.ts';
import { expect, newPerson, tokenIn } from '../support/fixtures.ts';

// Issue 12, part 4: the whole lifecycle with the keyboard only. After the first page.goto every
// step is a key press or typed text; nothing is clicked, filled or checked through a locator.

/** What has focus, described for a failure message: tag, role and name. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    const role = el.getAttribute('role') ?? (el as HTMLInputElement).type ?? '';
    return `${el.tagName.toLowerCase()}${role ? `[${role}]` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  });

/**
 * The focused element shows where it is: an outline or a box-shadow on it, or on the label that
 * wraps it (radio buttons styled as buttons draw the ring on their label). Answers null when it
 * does, or the element's description when nothing marks it.
 */
const missingFocusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(nothing focused)';
    const marked = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return outline || s.boxShadow !== 'none';
    };
    return marked(el) || marked(el.closest('label')) ? null : `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` (or one of the elements it matches) has focus, at most `max` times, checking at every
 * stop that the focused element is visibly marked. Fails with the list of what got focus.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  const visited: string[] = [];
  const unmarked: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    visited.push(await focusedDescription(page));
    const missing = await missingFocusIndicator(page);
    // '(nothing focused)': a live update (the demo driver moves the job every second) removed the
    // element Tab had just reached, and focus fell back to the page. That is not an element drawn
    // without a focus mark; the next Tab goes on from the top. (CI saw it once after the accept.)
    if (missing && missing !== '(nothing focused)') unmarked.push(missing);
    if (await target.evaluateAll((els) => els.some((el) => el === document.activeElement))) {
      expect(unmarked, 'focused elements without a visible focus indicator').toEqual([]);
      return;
    }
  }
  throw new Error(`${String(target)} got no focus after ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; focus went to:\n${visited.join('\n')}`);
}

/** After a route change: the page heading has focus and the polite live region names the page. */
async function expectRouteAnnounced(page: Page, heading: string | RegExp, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  const announcer = page.getByTestId('route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText(title);
  await expect(page).toHaveTitle(title);
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Types an address in the wizard's combobox and takes the first suggestion with the arrow keys. */
async function chooseAddress(page: Page, typed: string, suggestion: RegExp) {
  const address = page.getByRole('combobox', { name: 'Adres' });
  await tabTo(page, address);
  await page.keyboard.type(typed);
  await expect(page.getByRole('listbox').getByRole('option', { name: suggestion }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(address).toHaveValue(suggestion);
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Tabs into a radio group and moves to `name` with the arrow keys (which also check it). */
async function chooseRadio(page: Page, group: Locator, name: string | RegExp) {
  await tabTo(page, group.getByRole('radio'));
  const wanted = group.getByRole('radio', { name });
  for (let i = 0; i < 8 && !(await wanted.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
  // Tab lands on the first choice without checking it; Space does.
  if (!(await wanted.isChecked())) await page.keyboard.press('Space');
  await expect(wanted).toBeChecked();
  await expect(wanted).toBeFocused();
}

/** Tab and Shift+Tab stay inside the open dialog, and both come round to where they started. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  expect(await inside()).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    const start = await focusedDescription(page);
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(key);
      seen.push(await focusedDescription(page));
      expect(await inside(), `${key} left the dialog: ${seen.join(' → ')}`).toBe(true);
      expect(await missingFocusIndicator(page)).toBeNull();
      if (seen.at(-1) === start) break;
    }
    expect(seen.at(-1), `${key} did not come round: ${seen.join(' → ')}`).toBe(start);
  }
}

demo.describe('keyboard only', () => {
  demo.use({ timezoneId: 'Europe/Brussels' });

  demo('register, book with the wizard, accept an offer with a card, chat, rate and open the account', async ({ page, demoServer }) => {
    demo.setTimeout(180_000);
    await page.clock.setFixedTime(mondayAt('10:00'));
    const p = newPerson();
    await page.goto('/#/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Registreren' })).toBeVisible();
    // The first load leaves focus where the browser puts it and announces nothing.
    await expect(page.getByTestId('route-announcer')).toHaveText('');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expectNoSeriousViolations(page);

    // The first Tab shows the skip link at the top; it leads past the top bar to the page heading.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Naar de inhoud' });
    await expect(skip).toBeFocused();
    expect(await missingFocusIndicator(page)).toBeNull();
    expect((await skip.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Registreren' })).toBeFocused();
    await expect(page).toHaveURL(/#\/register$/);

    // Register: phone and its SMS code, then the form.
    await tabTo(page, page.getByLabel('Gsm-nummer'));
    await page.keyboard.type(p.typedPhone);
    await tabTo(page, page.getByRole('button', { name: 'Verstuur code' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Code verstuurd naar ${p.e164}.`)).toBeVisible();
    await tabTo(page, page.getByLabel('Verificatiecode'));
    await page.keyboard.type(await demoServer.smsCode(p.e164));
    await tabTo(page, page.getByRole('button', { name: 'Verifieer code' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Gsm-nummer geverifieerd.')).toBeVisible();
    for (const [label, text] of [
      ['Voornaam', p.first],
      ['Achternaam', p.last],
      ['Geboortedatum', '02041991'],
      ['E-mailadres', p.email],
      ['Wachtwoord', p.password],
      ['Herhaal wachtwoord', p.password],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(text);
    }
    await expect(page.getByLabel('Geboortedatum')).toHaveValue('02/04/1991');
    await expectNoSeriousViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Registreren' }));
    await page.keyboard.press('Enter');

    // The wizard: each step's heading takes focus, so Tab goes on from the top of the new step.
    await expect(page).toHaveURL(/#\/jobs\/create$/);
    await expectRouteAnnounced(page, 'Kies type', 'Nieuwe opdracht · Vrachtmarkt');
    await expectNoSeriousViolations(page);
    await chooseRadio(page, page.getByRole('group', { name: 'Kies type' }), /Middelgroot/);
    await tabTo(page, page.getByRole('button', { name: /Verder: Pakketinfo/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Pakketinfo' })).toBeFocused();
    await tabTo(page, page.getByLabel('Omschrijving van de goederen'));
    await page.keyboard.type('Zetel');
    await tabTo(page, page.getByRole('button', { name: /Verder: Ophaalgegevens/ }));
    await page.keyboard.press('Enter');

    for (const side of [
      { heading: 'Ophaalgegevens', address: 'Kerkstraat 12, 3500 Hasselt', suggestion: /Kerkstraat 12, 3500 Hasselt/, time: /Werkdag/, next: /Verder: Leveringsgegevens/ },
      { heading: 'Leveringsgegevens', address: 'Rue Neuve 5, 1000 Bruxelles', suggestion: /Rue Neuve 5, 1000 Brussel/, time: /Avond/, next: /Verder: Prijsgegevens/ },
    ]) {
      await expect(page.getByRole('heading', { level: 1, name: side.heading })).toBeFocused();
      // The map is not needed: the address search alone places the point.
      await chooseAddress(page, side.address, side.suggestion);
      await chooseRadio(page, page.getByRole('group', { name: 'Dag' }), 'Morgen');
      await chooseRadio(page, page.getByRole('group', { name: 'Tijdstip' }), side.time);
      await tabTo(page, page.getByLabel('Instructies voor de chauffeur'));
      await page.keyboard.type('Bel aan');
      await expectNoSeriousViolations(page);
      await tabTo(page, page.getByRole('button', { name: side.next }));
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Prijsgegevens' })).toBeFocused();
    await expect(page.getByTestId('price-estimate')).toContainText('Geschatte prijs');
    await tabTo(page, page.getByRole('button', { name: /Kies verzekering/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Verzekering' })).toBeFocused();
    await expectNoSeriousViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Opdracht plaatsen' }));
    await page.keyboard.press('Enter');

    // The job page: offers arrive live; the modal traps focus, Escape closes it, focus goes back.
    await expect(page).toHaveURL(/#\/jobs\/\d+$/);
    await expectRouteAnnounced(page, /Referentienr\. VM-/, /^Opdracht VM-\S+ · Vrachtmarkt$/);
    const view = page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ });
    await expect(view).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page);
    await tabTo(page, view);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Biedingen' });
    await expect(modal).toBeVisible();
    await expectFocusTrapped(page, modal);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(view).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    await tabTo(page, modal.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(modal.locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
    await expect(modal.getByText('Transportkost')).toBeVisible();
    await expectNoSeriousViolations(page);
    await tabTo(page, modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }));
    await page.keyboard.press('Enter');
    await expect(modal.getByRole('heading', { name: 'Voeg eerst een kredietkaart toe' })).toBeVisible();
    for (const [label, text] of [
      ['Kaartnummer', '4242424242424242'],
      ['Vervaldatum (MM/JJ)', '1234'],
      ['Beveiligingscode (CVC)', '123'],
    ] as const) {
      await tabTo(page, modal.getByLabel(label));
      await page.keyboard.type(text);
    }
    await tabTo(page, modal.getByRole('button', { name: 'Kaart toevoegen' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Bod aanvaarden?' });
    await expect(confirm).toBeVisible();
    await expectFocusTrapped(page, confirm);
    await expectNoSeriousViolations(page);
    await tabTo(page, confirm.getByRole('button', { name: 'Bevestigen en betalen' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
    await expect(modal).toBeHidden();

    // Chat with the driver.
    const chatLink = page.getByRole('link', { name: 'Chat over deze opdracht' });
    await expect(page.getByRole('heading', { level: 1, name: /Referentienr\. VM-/ })).toBeVisible();
    await tabTo(page, chatLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/chat\/\d+$/);
    await expectRouteAnnounced(page, 'Chat', 'Chat · Vrachtmarkt');
    await tabTo(page, page.getByRole('textbox', { name: 'Typ je bericht' }));
    await page.keyboard.type('Hallo, de poort is achteraan.');
    await page.keyboard.press('Enter');
    await expect(page.locator('.chat-messages li.own .chat-text')).toHaveText('Hallo, de poort is achteraan.');
    await expectNoSeriousViolations(page);

    // Once the demo driver delivered, the sender confirms (set up through the API: this walk is about
    // the keyboard); back to the job through the menu once it is done, then rate the driver.
    const jobId = Number(/#\/chat\/(\d+)$/.exec(page.url())![1]);
    await confirmWhenDelivered(demoServer, await tokenIn(page), jobId);
    await tabTo(page, page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Afgerond' }), { back: true });
    await page.keyboard.press('Enter');
    await expectRouteAnnounced(page, 'Afgeronde opdrachten', 'Afgeronde opdrachten · Vrachtmarkt');
    const job = page.getByRole('link', { name: /Hasselt → / });
    await expect(job).toBeVisible({ timeout: 40_000 });
    await expectNoSeriousViolations(page);
    await tabTo(page, job);
    await page.keyboard.press('Enter');
    await expectRouteAnnounced(page, /Referentienr\. VM-/, /^Opdracht VM-\S+ · Vrachtmarkt$/);
    await expect(page.locator('.job-detail .badge').first()).toHaveText('Afgerond');
    const stars = page.getByRole('group', { name: 'Beoordeel de chauffeur' });
    await tabTo(page, stars.getByRole('button', { name: '4 van 5 sterren' }));
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('given-rating').getByRole('img', { name: '4 van 5 sterren' })).toBeVisible();

    // The account page, from the menu.
    await tabTo(page, page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Profiel' }), { back: true, max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/account$/);
    await expectRouteAnnounced(page, 'Mijn profiel', 'Profiel · Vrachtmarkt');
    await expect(page.getByLabel('Kaartnummer')).toHaveCount(0);
    await expect(page.getByText(/Visa •••• 4242/)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
