import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';
import { attachScreens } from '../support/screens.ts';

test('company data for invoices: a wrong VAT number is refused at the field, a right one with the address is saved and locked', async ({ page, server }, testInfo) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();

  const company = page.locator('form[aria-labelledby="company-title"]');
  const vat = company.getByLabel('Btw-nummer');
  // The field around a control (its label, hint and error); `has` is relative, so from the page.
  const vatField = company.locator('.field').filter({ has: page.getByRole('textbox', { name: 'Btw-nummer' }) });
  const addressField = company.locator('.field').filter({ has: page.getByRole('combobox', { name: 'Bedrijfsadres' }) });
  await company.getByLabel('Bedrijfsnaam').fill('Janssens Meubelen BV');
  await company.getByLabel('E-mailadres voor facturen').fill('factuur@janssens.be');

  // A number whose check digits do not hold: said at the field on leaving it, and on saving.
  await vat.fill('BE0403170702');
  await vat.blur();
  await expect(vatField.locator('.field-error')).toHaveText('Dit btw-nummer bestaat niet: controleer de cijfers.');
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await company.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(vatField.locator('.field-error')).toHaveText('Dit btw-nummer bestaat niet: controleer de cijfers.');
  // The address is required too.
  await expect(addressField.locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(vat).not.toHaveAttribute('readonly', '');
  expect(await seriousViolations(page)).toEqual([]);

  // An address without a number is not one an invoice can use.
  const address = company.getByLabel('Bedrijfsadres');
  await address.fill('Kerkstraat, 3500 Hasselt');
  // Leaving the field closes the suggestions, as for a person who typed the whole address.
  await address.press('Tab');
  await company.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(addressField.locator('.field-error')).toHaveText('Het adres moet een volledig adres met straat en huisnummer zijn.');

  // A right number (as copied, with spaces and dots) and a full address: saved, then locked.
  await vat.fill('BE 0403.170.701');
  await address.fill('Kerkstraat 12, 3500 Hasselt');
  await address.press('Tab');
  await company.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(page.getByText('Je bedrijfsgegevens zijn bijgewerkt.')).toBeVisible();
  await expect(vat).toHaveValue('BE0403170701');
  await expect(vat).toHaveAttribute('readonly', '');

  // After a reload too: it looks locked (grey, dashed) and says why.
  await page.reload();
  await expect(vat).toHaveValue('BE0403170701');
  await expect(vat).toHaveAttribute('readonly', '');
  await expect(vat).toHaveCSS('border-top-style', 'dashed');
  await expect(vatField.locator('.field-hint')).toHaveText('Vergrendeld: je facturen worden op dit btw-nummer opgemaakt. Is het fout? Neem contact met ons op.');
  await expect(vat).toHaveAccessibleDescription(/Vergrendeld/);
  await expect(address).toHaveValue('Kerkstraat 12, 3500 Hasselt');
  expect(await seriousViolations(page)).toEqual([]);
  await attachScreens(page, testInfo, 'account');
});
