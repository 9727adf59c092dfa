import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { signedInWithJob } from '../support/demo.ts';
import { expect, test, tokenIn } from '../support/fixtures.ts';
import { sidewaysOverflow } from '../support/screens.ts';

// Issue 20: the screens it added or changed (the job's Change and Book again, the summary before
// placing or saving, the address book under the address field, the band on step 5) pass axe in
// Dutch and French at 1280 and 375 px, and none scrolls sideways on a French phone.

const TEXTS = {
  nl: { summary: 'Controleer je opdracht', change: 'Opdracht wijzigen', delivery: 'Wijzig: Leveren', address: 'Adres', usedBefore: /Eerder gebruikt/, discard: 'Niet wijzigen' },
  fr: { summary: 'Vérifiez votre envoi', change: 'Modifier l’envoi', delivery: 'Modifier : Livraison', address: 'Adresse', usedBefore: /Déjà utilisées/, discard: 'Ne pas modifier' },
} as const;

for (const lang of ['nl', 'fr'] as const) {
  for (const width of [1280, 375]) {
    test(`${lang} at ${width} px: job actions, change summary, address book and band pass axe${width === 375 ? ', nothing scrolls sideways' : ''}`, async ({ page, server }) => {
      const x = TEXTS[lang];
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      const { id } = await signedInWithJob(page, server);
      const token = await tokenIn(page);
      if (lang === 'fr') {
        // The account's language, as the language menu saves it; the app follows it when it loads.
        const saved = await fetch(`${server.url}/api/user/locale`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ locale: 'fr' }) });
        expect(saved.status).toBe(200);
      }

      const check = async (screen: string) => {
        expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
        if (width === 375) expect(await sidewaysOverflow(page), `${screen} scrolls sideways`).toBe(0);
      };
      const next = (p: Page) => p.locator('.wizard-nav .button-primary').click();

      await page.goto(`/#/jobs/${id}`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('link', { name: x.change })).toBeVisible();
      await check('the job page with its actions');

      await page.getByRole('link', { name: x.change }).click();
      const summary = page.getByRole('region', { name: x.summary });
      await expect(summary).toBeVisible();
      await check('the change summary');

      await summary.getByRole('button', { name: x.delivery }).click();
      const address = page.getByRole('combobox', { name: x.address });
      await address.fill('Markt');
      await expect(page.getByRole('option', { name: x.usedBefore }).first()).toBeVisible();
      await check('the address book under the address field');
      await page.getByRole('option', { name: x.usedBefore }).first().click();
      await expect(address).toHaveValue(/Markt 1/);

      await next(page);
      await expect(page.getByTestId('price-band')).toBeVisible();
      await check('step 5 with the band');

      await page.getByRole('button', { name: x.discard }).click();
      await expect(page).toHaveURL(new RegExp(`#/jobs/${id}$`));
    });
  }
}
