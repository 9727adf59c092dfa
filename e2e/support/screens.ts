import { expect, type Page, type TestInfo } from '@playwright/test';

/** Attaches a full-page screenshot at each width to the HTML report (e2e/playwright-report). */
export async function attachScreens(page: Page, testInfo: TestInfo, name: string, widths: number[] = [1280, 375]) {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    // The new layout painted (two frames after the resize), the web fonts in and no map mid-zoom.
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
    await testInfo.attach(`${name}-${width}px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  }
  if (original) await page.setViewportSize(original);
}

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
