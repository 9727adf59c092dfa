// Lighthouse (the npm package, in Debian's Chromium) on the login page, the job list, a job's
// detail page and the wizard's first step, and on the driver app's board and an open job (issue 21:
// mobile performance >= 90, accessibility 100), each with the desktop and the mobile settings. Prints
// the performance, accessibility, best-practices and SEO scores against the targets of issue 12;
// never fails on a target.
//
// The server is the compiled production build on a fresh embedded database (the e2e harness);
// signed-in pages get a real session: a sender registered through the API, whose token is put in
// local storage the way the app keeps it, and Lighthouse told not to clear storage.
//
// Env: BENCH_LIGHTHOUSE_RUNS (runs per page and form factor, the median is printed; default 1),
// BENCH_LIGHTHOUSE_PAGES (a comma list of the page names below; default all).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server.ts';
import { createDriver, createShipment, login, register } from '../apps/server/test/helpers/http-flows.ts';
import { ADMIN_TOKEN_FILE } from '../apps/server/src/env.ts';
import { freePort } from '../apps/server/test/helpers/cluster.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
// The sender's pages: issue 12's targets; the driver app's (a phone app): issue 21's mobile 90.
const TARGET = { desktop: { performance: 95 }, mobile: { performance: 85 }, driverMobile: { performance: 90 }, accessibility: 100, bestPractices: 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const log = (msg: string) => console.error(`[bench:lighthouse] ${msg}`);
const performanceTarget = (driver: boolean, formFactor: 'desktop' | 'mobile') => (driver && formFactor === 'mobile' ? TARGET.driverMobile : TARGET[formFactor]).performance;

/** What an audit found, shortly (the console errors' texts, the issues' types): ' (a; b)', or ''. */
function auditItems(audit: { details?: unknown } | undefined): string {
  const items = ((audit?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 3);
  const where = (i: Record<string, unknown>) => {
    const sub = (i.subItems as { items?: Record<string, unknown>[] } | undefined)?.items?.[0];
    return [i.sourceLocation, i.url, sub?.url, sub?.blockedURL, sub?.violatedDirective].filter((x) => typeof x === 'string' && x).join(' ');
  };
  const texts = items.map((i) => `${String(i.description ?? i.issueType ?? '').slice(0, 120)} ${where(i)}`.trim()).filter(Boolean);
  return texts.length ? ` (${texts.join('; ')})` : '';
}

const server = await startServer();
const port = await freePort();
// A persistent context is the browser's default one, where Lighthouse opens its tab: the session
// written below is in that tab's local storage (a context made by newContext() is another
// profile, and the signed-in pages would be measured signed out).
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-lighthouse-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  // A signed-in sender with one job, its session in the browser's local storage.
  const sender = await register(server.url, server.smsCode);
  const tokens = (await login(server.url, sender.email, sender.password)).json();
  const jobId = await createShipment(server.url, sender.auth);
  const page = await browser.newPage();
  // Storage is written from a page of the origin that runs no app: an app in this tab would react
  // to the session (refresh it, rotate it) behind the measured tab's back.
  await page.goto(`${server.url}/robots.txt`);
  const session = JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: Date.now() + tokens.expires_in * 1000 });
  // A verified driver (the admin command), signed in to the driver app under its own session key.
  const driver = await createDriver(server.url, fs.readFileSync(path.join(server.dataDir, ADMIN_TOKEN_FILE), 'utf8').trim());
  const driverTokens = (await login(server.url, driver.email, driver.password)).json();
  const driverSession = JSON.stringify({ access_token: driverTokens.access_token, refresh_token: driverTokens.refresh_token, expires_at: Date.now() + driverTokens.expires_in * 1000 });

  const pages = [
    { name: 'login', url: `${server.url}/#/login`, signedIn: false },
    { name: 'job list', url: `${server.url}/#/jobs/status/active`, signedIn: true },
    { name: 'job detail', url: `${server.url}/#/jobs/${jobId}`, signedIn: true },
    { name: 'wizard step 1', url: `${server.url}/#/jobs/create`, signedIn: true },
    { name: 'driver board', url: `${server.url}/driver/#/work`, signedIn: true, driver: true },
    { name: 'driver job', url: `${server.url}/driver/#/work/${jobId}`, signedIn: true, driver: true },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  type Row = { page: string; formFactor: 'desktop' | 'mobile'; driver: boolean; scores: Record<(typeof CATEGORIES)[number], number>; missed: string[] };
  const rows: Row[] = [];
  for (const p of pages) {
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const runs: Row['scores'][] = [];
      const missed = new Set<string>();
      for (let i = 0; i < RUNS; i++) {
        // The login page is measured signed out: a session would send it on to the job list.
        const key = 'driver' in p ? 'vm.driver.token' : 'vm.token';
        await page.evaluate(([k, token]) => (token ? localStorage.setItem(k!, token) : localStorage.removeItem(k!)), [key, p.signedIn ? ('driver' in p ? driverSession : session) : null] as const);
        const result = await lighthouse(
          p.url,
          { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        const { categories: cats, audits, finalDisplayedUrl } = result!.lhr;
        // A page that sent Lighthouse elsewhere (a lost session to the login page) was not measured.
        if (finalDisplayedUrl !== p.url) throw new Error(`${p.name}: Lighthouse measured ${finalDisplayedUrl}, not ${p.url}`);
        // What cost points outside performance (performance is its own list of metrics): the audits to fix.
        for (const c of CATEGORIES.filter((c) => c !== 'performance')) {
          for (const ref of cats[c]?.auditRefs ?? []) {
            const score = audits[ref.id]?.score;
            if (ref.weight > 0 && score !== null && score !== undefined && score < 1) missed.add(`${c}:${ref.id}${auditItems(audits[ref.id])}`);
          }
        }
        runs.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((cats[c]?.score ?? 0) * 100)])) as Row['scores']);
        // Performance under its target: the metrics behind the score, to know what to work on.
        if (Math.round((cats.performance?.score ?? 0) * 100) < performanceTarget('driver' in p, formFactor)) {
          missed.add(`performance: ${METRICS.map((m) => `${m} ${audits[m]?.displayValue ?? '?'}`).join(', ')}`);
        }
      }
      const median = (c: (typeof CATEGORIES)[number]) => runs.map((r) => r[c]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      rows.push({ page: p.name, formFactor, driver: 'driver' in p, scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(c)])) as Row['scores'], missed: [...missed] });
      log(`${p.name} (${formFactor}) done`);
    }
  }

  const met = (r: Row) =>
    r.scores.performance >= performanceTarget(r.driver, r.formFactor) && r.scores.accessibility >= TARGET.accessibility && r.scores['best-practices'] >= TARGET.bestPractices;
  const table = [['page', 'form factor', 'performance', 'accessibility', 'best practices', 'SEO', 'targets met']];
  for (const r of rows) {
    table.push([r.page, r.formFactor, String(r.scores.performance), String(r.scores.accessibility), String(r.scores['best-practices']), String(r.scores.seo), met(r) ? 'yes' : 'no']);
  }
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  for (const r of rows) if (r.missed.length) console.log(`${r.page} (${r.formFactor}) lost points on: ${r.missed.join(', ')}`);
  console.log(`targets: performance >= ${TARGET.desktop.performance} desktop, >= ${TARGET.mobile.performance} mobile (driver app >= ${TARGET.driverMobile.performance}); accessibility ${TARGET.accessibility}; best practices >= ${TARGET.bestPractices}`);
  console.log(JSON.stringify({ bench: 'lighthouse', runs: RUNS, target: TARGET, rows }));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
// Lighthouse may leave timers of its own behind; the figures are printed, so end here.
process.exit(0);
