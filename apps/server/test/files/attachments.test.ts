import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { multipart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 60x40 JPEG whose EXIF says "rotate 90°": upright it is 40x60. */
const rotatedJpeg = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

const content = (userId: number) => ({ object: 'user', object_id: userId, attachments: [{ file: 'file', type: 'profile_picture' }] });

async function upload(auth: Record<string, string>, userId: number, data: Buffer, filename = 'me.jpg', type = 'image/jpeg', body: unknown = content(userId)) {
  const { payload, headers } = multipart(body, [{ field: 'file', filename, type, data }]);
  return t.app.inject({ method: 'POST', url: '/api/attachment', payload, headers: { ...headers, ...auth } });
}

const filesOnDisk = async () => {
  const dir = path.join(t.dataDir, 'files', 'images');
  const ids = await fs.readdir(dir).catch(() => [] as string[]);
  return ids.length;
};

describe('POST /api/attachment (profile picture)', () => {
  it('stores an upright original plus medium and thumb, and GET /api/user shows them', async () => {
    const u = await registerAndLogin(t);
    const res = await upload(u.auth, u.id, await rotatedJpeg());
    expect(res.statusCode).toBe(201);
    const [att] = res.json().attachments;
    expect(att.type).toBe('profile_picture');
    const user = (await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json();
    expect(user.profile_picture).toEqual({ image: att.image });

    const original = await t.app.inject({ method: 'GET', url: att.image.original.url, headers: u.auth });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect(meta.orientation ?? 1).toBe(1);
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: att.image.thumb.url, headers: u.auth })).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([160, 160]);
  });

  it('replaces the previous picture and removes its files', async () => {
    const u = await registerAndLogin(t);
    const first = (await upload(u.auth, u.id, await rotatedJpeg())).json().attachments[0];
    const before = await filesOnDisk();
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const second = (await upload(u.auth, u.id, png, 'x.png', 'image/png')).json().attachments[0];
    expect(second.image.original.url).not.toBe(first.image.original.url);
    expect(await filesOnDisk()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: first.image.original.url, headers: u.auth })).statusCode).toBe(404);
    const got = await t.app.inject({ method: 'GET', url: second.image.original.url, headers: u.auth });
    expect(got.headers['content-type']).toBe('image/png');
  });

  it('judges by content, not by name: a text file called .jpg answers 415 and stores nothing', async () => {
    const u = await registerAndLogin(t);
    const before = await filesOnDisk();
    const res = await upload(u.auth, u.id, Buffer.from('just some text, not a picture'), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().error_description).toBe('Dit bestand is geen afbeelding (JPEG, PNG, WebP, GIF, HEIC of AVIF).');
    const truncated = (await rotatedJpeg()).subarray(0, 200);
    expect((await upload(u.auth, u.id, truncated)).statusCode).toBe(415);
    expect(await filesOnDisk()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth })).json().profile_picture).toBeNull();
  });

  it('refuses files over 10 MB with 413', async () => {
    const u = await registerAndLogin(t);
    const big = Buffer.concat([await rotatedJpeg(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(u.auth, u.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('refuses pictures with too many pixels with 413', async () => {
    const u = await registerAndLogin(t);
    // 8000x6000 = 48 MP, tiny as PNG.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await upload(u.auth, u.id, huge, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error_description).toBe('Deze afbeelding heeft te veel pixels.');
  });

  it("answers 404 for another user's object and image, and for unauthenticated reads 401", async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    expect((await upload(a.auth, b.id, await rotatedJpeg(), 'me.jpg', 'image/jpeg', content(b.id))).statusCode).toBe(404);
    const img = (await upload(a.auth, a.id, await rotatedJpeg())).json().attachments[0].image;
    for (const v of ['original', 'medium', 'thumb'] as const) {
      expect((await t.app.inject({ method: 'GET', url: img[v].url, headers: b.auth })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: img.thumb.url })).statusCode).toBe(401);
  });

  it('opens originals with ?access_token=, but not the other variants', async () => {
    const u = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const img = (await upload(u.auth, u.id, await rotatedJpeg())).json().attachments[0].image;
    expect((await t.app.inject({ method: 'GET', url: `${img.original.url}?access_token=${u.tokens.access_token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${img.medium.url}?access_token=${u.tokens.access_token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${img.original.url}?access_token=${other.tokens.access_token}` })).statusCode).toBe(404);
  });

  it('answers field errors for a bad content field and a missing file', async () => {
    const u = await registerAndLogin(t);
    const bad = await upload(u.auth, u.id, await rotatedJpeg(), 'me.jpg', 'image/jpeg', { object: 'shipment', object_id: u.id, attachments: [] });
    expect(bad.statusCode).toBe(400);
    const notJson = await upload(u.auth, u.id, await rotatedJpeg(), 'me.jpg', 'image/jpeg', '{oops');
    expect(notJson.statusCode).toBe(400);
    const { payload, headers } = multipart(content(u.id), []);
    const missing = await t.app.inject({ method: 'POST', url: '/api/attachment', payload, headers: { ...headers, ...u.auth } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toBe('Voeg een bestand toe.');
  });
});
