import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStore } from '../../src/adapters/storage/s3-file-store.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { multipart } from '../helpers/multipart.ts';
import { S3RVER_KEYS, type S3Server, startS3Server } from '../helpers/s3-server.ts';
import { createTestApp, freshDatabase, type TestApp } from '../helpers/test-app.ts';

let s3: S3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'app-uploads' });
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const picture = () => sharp({ create: { width: 50, height: 30, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();

describe('uploads with S3_BUCKET set', () => {
  it('stores the picture in the bucket and serves it back only through the API', async () => {
    const u = await registerAndLogin(t);
    const { payload, headers } = multipart(
      { object: 'user', object_id: u.id, attachments: [{ file: 'file', type: 'profile_picture' }] },
      [{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', data: await picture() }],
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/attachment', payload, headers: { ...headers, ...u.auth } });
    expect(res.statusCode).toBe(201);
    const image = res.json().attachments[0].image;

    const original = await t.app.inject({ method: 'GET', url: image.original.url, headers: u.auth });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([50, 30]);
    expect((await t.app.inject({ method: 'GET', url: image.thumb.url, headers: u.auth })).statusCode).toBe(200);

    // The bytes are in the bucket, not in the data folder.
    const store = s3FileStore({ bucket: 'app-uploads', endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS });
    const keys: string[] = [];
    for await (const f of store.list('images/')) keys.push(f.key);
    store.client.destroy();
    expect(keys.length).toBe(3);
    await expect(fs.stat(path.join(t.dataDir, 'files'))).rejects.toThrow();

    // The API still decides who sees it: nobody without a token, and a stranger gets 404.
    expect((await t.app.inject({ method: 'GET', url: image.original.url })).statusCode).toBe(401);
    const stranger = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: image.original.url, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('does not start when the configured bucket is missing', async () => {
    const handle = await freshDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-s3-missing-'));
    try {
      await expect(createTestApp({ ...s3.env, S3_BUCKET: 'typo-bucket' }, { handle, dataDir })).rejects.toThrow(
        `S3 bucket typo-bucket not found at endpoint ${s3.endpoint}`,
      );
    } finally {
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
