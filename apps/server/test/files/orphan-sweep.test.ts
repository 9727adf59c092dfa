import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../src/adapters/storage/file-store.ts';
import { localFileStore } from '../../src/adapters/storage/local-file-store.ts';
import { s3FileStore } from '../../src/adapters/storage/s3-file-store.ts';
import type { DbHandle } from '../../src/db/database.ts';
import { filesService } from '../../src/modules/files/files.service.ts';
import * as imagesRepository from '../../src/modules/files/images.repository.ts';
import { S3RVER_KEYS, type S3Server, startS3Server } from '../helpers/s3-server.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const HOUR = 3600_000;
const log = { warn: () => undefined };
const attachTo = { profile_picture: async () => null };

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.close());

const service = (store: FileStore) => filesService({ db: handle.db, store, log, attachTo });
const recordImage = (id: string, format: 'jpeg' | 'png') =>
  imagesRepository.insert(handle.db, { id, ownerId: 1, kind: 'profile_picture', format, width: 1, height: 1, bytes: 1 });
const variants = (id: string, ext: string) => ['original', 'medium', 'thumb'].map((v) => `images/${id}/${v}.${ext}`);

describe('orphan sweep on the local store', () => {
  let root: string;
  let store: FileStore;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-sweep-'));
    store = localFileStore(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  /** Backdates a stored file, as if written `ms` ago. */
  const age = (key: string, ms: number) => {
    const t = new Date(Date.now() - ms);
    return fs.utimes(path.join(root, key), t, t);
  };

  it('removes old files no image names and old .tmp leftovers, keeps recorded images and fresh uploads', async () => {
    const recorded = randomUUID();
    await recordImage(recorded, 'jpeg');
    const oldOrphan = randomUUID();
    const freshOrphan = randomUUID();
    const tmp = `images/${randomUUID()}/original.jpg.999.tmp`;
    const freshTmp = `images/${randomUUID()}/original.jpg.998.tmp`;
    // A row in jpeg: a png file under its id is not one of its variants.
    const wrongFormat = `images/${recorded}/original.png`;
    for (const key of [...variants(recorded, 'jpg'), ...variants(oldOrphan, 'jpg'), ...variants(freshOrphan, 'png'), wrongFormat, tmp, freshTmp]) {
      await fs.mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await fs.writeFile(path.join(root, key), 'x');
    }
    for (const key of [...variants(recorded, 'jpg'), ...variants(oldOrphan, 'jpg'), wrongFormat, tmp]) await age(key, 2 * HOUR);
    for (const key of [...variants(freshOrphan, 'png'), freshTmp]) await age(key, 10 * 60_000);

    const result = await service(store).sweepOrphans(new Date());

    expect(result.removed).toBe(5);
    for (const key of variants(recorded, 'jpg')) expect(await store.get(key)).not.toBeNull();
    for (const key of variants(oldOrphan, 'jpg')) expect(await store.get(key)).toBeNull();
    for (const key of variants(freshOrphan, 'png')) expect(await store.get(key)).not.toBeNull();
    expect(await store.get(wrongFormat)).toBeNull();
    expect(await store.get(tmp)).toBeNull();
    expect(await store.get(freshTmp)).not.toBeNull();
    // The removed image's folder goes too.
    await expect(fs.stat(path.join(root, 'images', oldOrphan))).rejects.toThrow();
  });

  it('compares in batches: more stored images than one batch, only the orphans go', async () => {
    const sub = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-sweep-many-'));
    const many = localFileStore(sub);
    const kept: string[] = [];
    const orphans: string[] = [];
    for (let i = 0; i < 260; i++) {
      const id = randomUUID();
      if (i % 2 === 0) {
        await recordImage(id, 'png');
        kept.push(id);
      } else orphans.push(id);
      for (const key of variants(id, 'png')) await many.put(key, Buffer.from('x'));
    }
    // Everything was written just now; an hour and a half later all of it counts as old.
    const result = await service(many).sweepOrphans(new Date(Date.now() + 1.5 * HOUR));
    expect(result.removed).toBe(orphans.length * 3);
    const left = new Set<string>();
    for await (const f of many.list('images/')) left.add(f.key.split('/')[1]!);
    expect([...left].sort()).toEqual([...kept].sort());
    await fs.rm(sub, { recursive: true, force: true });
  });
});

describe('orphan sweep on the S3 store', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'sweep' });
  });
  afterAll(() => s3?.close());

  it('removes an old orphan and keeps a recorded image', async () => {
    const store = s3FileStore({ bucket: 'sweep', endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS });
    const recorded = randomUUID();
    const orphan = randomUUID();
    await recordImage(recorded, 'png');
    for (const key of [...variants(recorded, 'png'), ...variants(orphan, 'jpg')]) await store.put(key, Buffer.from('x'));

    // S3 sets the time itself: run the sweep as if two hours had passed.
    const future = new Date(Date.now() + 2 * HOUR);
    expect(await service(store).sweepOrphans(new Date())).toEqual({ removed: 0 });
    expect(await service(store).sweepOrphans(future)).toEqual({ removed: 3 });
    for (const key of variants(recorded, 'png')) expect(await store.get(key)).not.toBeNull();
    for (const key of variants(orphan, 'jpg')) expect(await store.get(key)).toBeNull();
    store.client.destroy();
  });
});
