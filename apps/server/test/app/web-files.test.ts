import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The built web apps as the server sends them: the build's Brotli or gzip copy when the browser
// takes it, and hashed assets cached for a year while index.html is always revalidated. The
// sender's app at '/', the driver's at '/driver/' and operations' at '/ops/', each from its own
// folder and with its own Content-Security-Policy.
let t: TestApp;
let dist: string;
const script = 'console.log("the app");'.repeat(100);
const dists: Record<'driver' | 'ops', string> = { driver: '', ops: '' };
const titles = { driver: 'Vrachtmarkt voor chauffeurs', ops: 'Vrachtmarkt beheer' };

/** A built app with an index.html that names its title and one hashed asset. */
async function buildApp(name: 'driver' | 'ops') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `vm-${name}-`));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>${titles[name]}</title><script type="module" src="/${name}/assets/index-${name}1.js"></script>`);
  await fs.writeFile(path.join(dir, `assets/index-${name}1.js`), `console.log(${JSON.stringify(name)});`);
  if (name === 'driver') {
    // What vite-plugin-pwa writes next to index.html: the service worker and the web manifest.
    await fs.writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => undefined);');
    await fs.writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Vrachtmarkt chauffeurs', start_url: '/driver/', scope: '/driver/' }));
  }
  return dir;
}

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  const html = '<!doctype html><title>Vrachtmarkt</title><script type="module" src="./assets/index-Ab12.js"></script>';
  await fs.writeFile(path.join(dist, 'index.html'), html);
  await fs.writeFile(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
  const asset = path.join(dist, 'assets/index-Ab12.js');
  await fs.writeFile(asset, script);
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${asset}.gz`, zlib.gzipSync(script));
  dists.driver = await buildApp('driver');
  dists.ops = await buildApp('ops');
  t = await createTestApp({
    WEB_DIST: dist,
    DRIVER_WEB_DIST: dists.driver,
    OPS_WEB_DIST: dists.ops,
    // A captcha on the sender's sign-up: its hosts are in the sender's policy only.
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_SECRET: 'secret',
  });
});
afterAll(async () => {
  await t.close();
  for (const dir of [dist, dists.driver, dists.ops]) await fs.rm(dir, { recursive: true, force: true });
});

describe('the web app files', () => {
  it('come compressed in the best encoding the browser accepts, and whole to one that takes none', async () => {
    const br = await t.app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode, br.body).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keep hashed assets for a year and revalidate the page that names them', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Vrachtmarkt</title>');
  });
});

describe('the driver and operations apps', () => {
  it.each(['driver', 'ops'] as const)('/%s/ answers its own index.html with its own policy, revalidated', async (name) => {
    const page = await t.app.inject({ url: `/${name}/` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`<title>${titles[name]}</title>`);
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The driver registers with a verified phone, so its policy has the captcha's hosts (as the
    // sender's); operations has none.
    if (name === 'driver') expect(csp).toContain('https://challenges.cloudflare.com');
    else expect(csp).not.toContain('challenges.cloudflare.com');
    const sender = await t.app.inject({ url: '/' });
    expect(String(sender.headers['content-security-policy'])).toContain('https://challenges.cloudflare.com');
    expect(sender.body).toContain('<title>Vrachtmarkt</title>');
  });

  it.each(['driver', 'ops'] as const)('/%s/assets/ files are kept for a year', async (name) => {
    const asset = await t.app.inject({ url: `/${name}/assets/index-${name}1.js` });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(`console.log(${JSON.stringify(name)});`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(asset.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('the driver app\'s service worker and manifest are served from its root and always revalidated', async () => {
    const sw = await t.app.inject({ url: '/driver/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    // A cached worker would keep an old app shell alive: browsers must ask each time.
    expect(sw.headers['cache-control']).toBe('no-cache');
    // The worker is same-origin: the policy's script-src (worker-src falls back to it) allows it.
    expect(String(sw.headers['content-security-policy'])).toContain("script-src 'self'");
    const manifest = await t.app.inject({ url: '/driver/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/driver/', scope: '/driver/' });
  });

  it('/driver and /ops redirect to the app with its trailing slash', async () => {
    for (const name of ['driver', 'ops']) {
      const res = await t.app.inject({ url: `/${name}` });
      expect(res.statusCode).toBeGreaterThanOrEqual(301);
      expect(res.statusCode).toBeLessThanOrEqual(308);
      expect(res.headers.location).toBe(`/${name}/`);
    }
  });

  it('an unknown path under an app is a 404, as under the sender (the apps route by hash)', async () => {
    expect((await t.app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/driver/no-such-page' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ops/assets/missing-1.js' })).statusCode).toBe(404);
  });
});
