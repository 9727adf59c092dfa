import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';
import { attachScreens } from '../support/screens.ts';
import { dutchDay, mondayAt } from '../support/clock.ts';

// Issue 10, part 1: dates and times as they were booked. The browser's clock stands on a Monday,
// 10:00 in Brussels: a coming one for the booking (the server judges it on its own clock), and
// 23 November 2026 for the date fields, which book nothing and type dates of that week.

async function chooseAddress(page: Page, typed: string, suggestion: RegExp) {
  await page.getByRole('combobox', { name: 'Adres' }).fill(typed);
  await page.getByRole('option', { name: suggestion }).first().click();
}

async function toPickupStep(page: Page) {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: /Klein/ }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await page.getByLabel('Omschrijving van de goederen').fill('Een gitaar in een koffer');
  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
  await chooseAddress(page, 'Kerkstraat 12, 3500 Hasselt', /Kerkstraat 12, 3500 Hasselt/);
}

const dayGroup = (page: Page) => page.getByRole('group', { name: 'Dag' });
const timeGroup = (page: Page) => page.getByRole('group', { name: 'Tijdstip' });

test.describe('dates and times as they were booked', () => {
  test.use({ timezoneId: 'Europe/Brussels' });

  test('"Deze week" + "Avond" shows as a range of dates on the job page and the list card', async ({ page, server }, testInfo) => {
    await page.clock.setFixedTime(mondayAt('10:00'));
    const p = await registerViaApi(server);
    await page.goto('/#/login');
    await logInViaForm(page, p);
    await expect(page).toHaveURL(/#\/jobs\/status\/active$/);

    await toPickupStep(page);
    await dayGroup(page).getByRole('radio', { name: 'Deze week' }).check();
    await timeGroup(page).getByRole('radio', { name: /Avond/ }).check();
    await page.getByLabel('Instructies voor de chauffeur').fill('Bel aan bij nummer 12');
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await chooseAddress(page, 'Rue Neuve 5, 1000 Bruxelles', /Rue Neuve 5, 1000 Brussel/);
    await dayGroup(page).getByRole('radio', { name: 'Deze week' }).check();
    await timeGroup(page).getByRole('radio', { name: /Avond/ }).check();
    await page.getByLabel('Instructies voor de chauffeur').fill('Achterdeur');
    await page.getByRole('button', { name: /Verder: Prijsgegevens/ }).click();
    await page.getByRole('button', { name: /Kies verzekering/ }).click();
    await page.getByRole('button', { name: 'Opdracht plaatsen' }).click();
    await expect(page).toHaveURL(/#\/jobs\/\d+$/);

    // Stored as Monday 17:00 to Sunday 22:00: shown as that range, not as one evening.
    const week = `${dutchDay(0)} 17:00 – ${dutchDay(6)} 22:00`;
    await expect(page.getByTestId('pickup-window')).toHaveText(week);
    await expect(page.getByTestId('delivery-window')).toHaveText(week);
    await attachScreens(page, testInfo, 'job-detail-window-range');
    await page.goto('/#/jobs/status/active');
    const card = page.getByRole('link', { name: /Hasselt → / });
    await expect(card.getByTestId('job-card-window')).toHaveText(week);
  });

  test('custom dates and times through the app’s own fields: typed, by calendar, judged at once', async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date('2026-11-23T09:00:00Z'));
    await toPickupStep(page);
    await dayGroup(page).getByRole('radio', { name: 'Zelf kiezen' }).check();
    const from = page.getByRole('textbox', { name: 'Van datum' });
    const till = page.getByRole('textbox', { name: 'Tot datum' });
    // Not the browser's date input, whatever the browser's language: a text box with its format.
    await expect(from).toHaveAttribute('type', 'text');
    await expect(from).toHaveAttribute('placeholder', 'DD/MM/JJJJ');

    // A past date says so at the field, before any Next.
    await from.fill('20/11/2026');
    await expect(page.getByText('De gekozen datum moet in de toekomst liggen.')).toBeVisible();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await from.fill('05/12/2026');
    await expect(page.getByText('De gekozen datum moet in de toekomst liggen.')).toHaveCount(0);

    // An end before the start says so at once too.
    await till.fill('03/12/2026');
    await expect(page.getByText('De startdatum moet voor de einddatum liggen.')).toBeVisible();
    await till.fill('06/12/2026');
    await expect(page.getByText('De startdatum moet voor de einddatum liggen.')).toHaveCount(0);

    // A chosen time slot stays when the date changes and the slot is still offered.
    await timeGroup(page).getByRole('radio', { name: /Avond/ }).check();
    await from.fill('04/12/2026');
    await from.blur();
    await expect(timeGroup(page).getByRole('radio', { name: /Avond/ })).toBeChecked();

    // The calendar: a grid of day buttons, by keyboard.
    await page.getByRole('button', { name: 'Kalender voor Tot datum' }).click();
    await expect(page.getByRole('button', { name: 'zondag 6 december 2026' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreens(page, testInfo, 'wizard-calendar', [375]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(till).toHaveValue('07/12/2026');

    // Custom hours: 24-hour HH:mm, '1730' is 17:30; the end moves to at least an hour later.
    await timeGroup(page).getByRole('radio', { name: 'Zelf kiezen' }).check();
    const timeFrom = page.getByRole('textbox', { name: 'Van', exact: true });
    await timeFrom.fill('1730');
    await timeFrom.blur();
    await expect(timeFrom).toHaveValue('17:30');
    await expect(page.getByRole('textbox', { name: 'Tot', exact: true })).toHaveValue('18:30');
    await page.getByLabel('Instructies voor de chauffeur').fill('Bel aan bij nummer 12');

    expect(await seriousViolations(page)).toEqual([]);
    await attachScreens(page, testInfo, 'wizard-pickup');

    // A pickup from 4 December is after this week: delivery "this week" is not offered.
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await chooseAddress(page, 'Rue Neuve 5, 1000 Bruxelles', /Rue Neuve 5, 1000 Brussel/);
    await expect(dayGroup(page).getByRole('radio', { name: 'Deze week' })).toBeDisabled();
    await expect(dayGroup(page).getByRole('radio', { name: 'Morgen' })).toBeDisabled();
  });
  // Issue 20, defect 2: a custom window today that had already passed went through the pickup and
  // delivery steps and was refused only at "Opdracht plaatsen", with a toast, on step 6.
  test('defect 2: a custom window today that has already passed is refused on the pickup step, at the field', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('05:36'));
    await toPickupStep(page);
    await dayGroup(page).getByRole('radio', { name: 'Vandaag' }).check();
    await timeGroup(page).getByRole('radio', { name: 'Zelf kiezen' }).check();
    const timeFrom = page.getByRole('textbox', { name: 'Van', exact: true });
    const timeTill = page.getByRole('textbox', { name: 'Tot', exact: true });
    await timeFrom.fill('01:00');
    await timeTill.fill('02:00');
    await timeTill.blur();
    await page.getByLabel('Instructies voor de chauffeur').fill('Bel aan');
    // Judged as soon as the times are in, and Next stays on the step.
    const passed = page.getByText('Dit tijdvenster is vandaag al voorbij. Kies een later einduur of een andere dag.');
    await expect(passed).toBeVisible();
    await expect(timeTill).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await expect(page.getByRole('heading', { name: 'Ophaalgegevens' })).toBeVisible();
    // A window still ahead today goes on.
    await timeFrom.fill('09:00');
    await timeTill.fill('10:00');
    await timeTill.blur();
    await expect(passed).toHaveCount(0);
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await expect(page.getByRole('heading', { name: 'Leveringsgegevens' })).toBeVisible();
  });

  test('a window that passes while the sender fills in the rest sends them back to its step on placing', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('08:30'));
    await toPickupStep(page);
    await dayGroup(page).getByRole('radio', { name: 'Vandaag' }).check();
    await timeGroup(page).getByRole('radio', { name: 'Zelf kiezen' }).check();
    await page.getByRole('textbox', { name: 'Van', exact: true }).fill('09:00');
    await page.getByRole('textbox', { name: 'Tot', exact: true }).fill('10:00');
    await page.getByLabel('Instructies voor de chauffeur').fill('Bel aan');
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await chooseAddress(page, 'Rue Neuve 5, 1000 Bruxelles', /Rue Neuve 5, 1000 Brussel/);
    await dayGroup(page).getByRole('radio', { name: 'Vandaag' }).check();
    await timeGroup(page).getByRole('radio', { name: /Avond/ }).check();
    await page.getByLabel('Instructies voor de chauffeur').fill('Achterdeur');
    await page.getByRole('button', { name: /Verder: Prijs/ }).click();
    await page.getByRole('button', { name: /Kies verzekering/ }).click();
    await expect(page.getByRole('heading', { name: 'Verzekering' })).toBeVisible();
    // The sender was away until 10:30: the pickup window has passed.
    await page.clock.setFixedTime(mondayAt('10:30'));
    await page.getByRole('button', { name: /Opdracht plaatsen|Registreren/ }).click();
    await expect(page.getByRole('heading', { name: 'Ophaalgegevens' })).toBeVisible();
    await expect(page.getByText('Dit tijdvenster is vandaag al voorbij. Kies een later einduur of een andere dag.')).toBeVisible();
  });
  // Issue 20, defect 7: the custom times came prefilled 08:00 and 09:00, typing "0930" into them
  // changed nothing, and "Deze week" with them read like one long window without a word about it.
  test('defect 7: custom times start empty, "0930" typed is 09:30, and the window the choice makes is said in words', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('10:00'));
    await toPickupStep(page);
    await dayGroup(page).getByRole('radio', { name: 'Morgen' }).check();
    await timeGroup(page).getByRole('radio', { name: 'Zelf kiezen' }).check();
    const timeFrom = page.getByRole('textbox', { name: 'Van', exact: true });
    const timeTill = page.getByRole('textbox', { name: 'Tot', exact: true });
    await expect(timeFrom).toHaveValue('');
    await expect(timeTill).toHaveValue('');
    await timeFrom.click();
    await page.keyboard.type('0930');
    await page.keyboard.press('Tab');
    await expect(timeFrom).toHaveValue('09:30');
    await expect(timeTill).toHaveValue('10:30');
    const summary = page.getByTestId('pickup-window');
    await expect(summary).toHaveText(/^Dit wordt je venster: di \d+ \S+, 09:30 – 10:30\.$/);
    // This week with those hours is one window from today to Sunday: the words say so.
    await dayGroup(page).getByRole('radio', { name: 'Deze week' }).check();
    await expect(summary).toHaveText(/^Dit wordt je venster: ma \d+ \S+ 09:30 – zo \d+ \S+ 10:30\.$/);
  });
});
