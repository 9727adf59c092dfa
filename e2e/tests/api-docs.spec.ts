import { expect, test } from '../support/fixtures.ts';

// The API reference at /api/docs renders the OpenAPI document the server generates, from assets
// the server itself serves (it works offline), under the same strict Content-Security-Policy.
test('the API reference lists the operations of the contract', async ({ page, server }) => {
  const blocked: string[] = [];
  page.on('console', (m) => m.type() === 'error' && blocked.push(m.text()));
  const outside: string[] = [];
  page.on('request', (r) => !r.url().startsWith(server.url) && !r.url().startsWith('data:') && outside.push(r.url()));

  await page.goto(`${server.url}/api/docs/`);
  // Swagger UI is a 1.4 MB script that runs before it fetches the document: on 2 cores shared with
  // another worker that took 4 s in CI, and the heading came after the default 10 s.
  await expect(page.getByRole('heading', { name: /Vrachtmarkt API/ })).toBeVisible({ timeout: 30_000 });
  // The groups start collapsed (126 operations in 26 areas; expanded, Swagger UI stopped drawing after the first few): open two.
  for (const [area, path] of [['shipment', /^\/api\/shipment\/\{id\}$/], ['conversation', /^\/api\/conversation\/\{shipmentId\}$/]] as const) {
    await page.locator('.opblock-tag', { hasText: new RegExp(`^${area}`) }).click();
    await expect(page.locator('.opblock-summary-path', { hasText: path }).first()).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });
  expect(outside).toEqual([]);
  expect(blocked.filter((t) => /Content Security Policy/i.test(t))).toEqual([]);
});
