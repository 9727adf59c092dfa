import axe from 'axe-core';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG 2.2 AA checks; only serious and critical findings fail a test. axe-core runs in the page
 * itself, injected once per document (the apps route by hash, so a walk keeps it) and asked for
 * violations only. @axe-core/playwright's AxeBuilder injected it into every frame and opened a
 * page of its own for every check: 2.6 to 4.1 s a check on the CI machine against 0.5 s this way,
 * with the same rules and the same findings. The apps have no iframes, so the main frame is all.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
