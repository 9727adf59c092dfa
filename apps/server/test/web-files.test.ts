import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The built web app as the server sends it: the build's Brotli or gzip copy when the browser
// takes it, and hashed assets cached for a year while index.html is always revalidated.
let t: TestApp;
let dist: string;
const script = 'console.log("the app");'.repeat(100);

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
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
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
