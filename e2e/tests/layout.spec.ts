import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375 px the sidebar is a drawer that closes on navigation', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);

  const sidebar = page.getByTestId('sidebar');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await sidebar.getByRole('link', { name: 'Profiel' }).click();
  await expect(page).toHaveURL(/#\/account$/);
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
