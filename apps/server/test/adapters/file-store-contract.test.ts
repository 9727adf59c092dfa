import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore, StoredFile } from '../../src/adapters/storage/file-store.ts';
import { localFileStore } from '../../src/adapters/storage/local-file-store.ts';
import { s3FileStore } from '../../src/adapters/storage/s3-file-store.ts';
import { S3RVER_KEYS, type S3Server, startS3Server } from '../helpers/s3-server.ts';

let s3: S3Server;
let localRoot: string;
const clients: { destroy: () => void }[] = [];

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'contract' });
  localRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-files-'));
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await s3?.close();
  await fs.rm(localRoot, { recursive: true, force: true });
});

const s3Store = (bucket: string, listPageSize?: number) => {
  const store = s3FileStore({ bucket, endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS }, { listPageSize });
  clients.push(store.client);
  return store;
};

const all = async (store: FileStore, prefix?: string) => {
  const out: StoredFile[] = [];
  for await (const f of store.list(prefix)) out.push(f);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

// Each store gets its own key space, so the two runs cannot see each other's files.
describe.each([
  { name: 'local folder', make: () => localFileStore(localRoot) },
  { name: 'S3 (s3rver)', make: () => s3Store('contract') },
])('FileStore contract: $name', ({ make }) => {
  let store: FileStore;
  beforeAll(async () => {
    store = make();
    await store.open?.();
  });

  it('gives back exactly the bytes it was given, and null for a key never stored', async () => {
    const data = randomBytes(300 * 1024);
    await store.put('images/round/original.jpg', data);
    const got = await store.get('images/round/original.jpg');
    expect(got).not.toBeNull();
    expect(Buffer.compare(got!, data)).toBe(0);
    expect(await store.get('images/never/original.jpg')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    await store.put('images/over/thumb.jpg', Buffer.from('first version'));
    await store.put('images/over/thumb.jpg', Buffer.from('second'));
    expect((await store.get('images/over/thumb.jpg'))?.toString()).toBe('second');
  });

  it('forgets a deleted file, and deleting a missing key is no error', async () => {
    await store.put('images/gone/medium.png', Buffer.from([1, 2, 3]));
    await store.delete('images/gone/medium.png');
    expect(await store.get('images/gone/medium.png')).toBeNull();
    await store.delete('images/gone/medium.png');
    expect((await all(store, 'images/gone/')).length).toBe(0);
  });

  it('lists the files under a prefix with the time each was written', async () => {
    const before = Date.now();
    await store.put('images/listed/original.jpg', Buffer.from('a'));
    await store.put('images/listed/thumb.jpg', Buffer.from('b'));
    await store.put('other/elsewhere.txt', Buffer.from('c'));
    const listed = await all(store, 'images/listed/');
    expect(listed.map((f) => f.key)).toEqual(['images/listed/original.jpg', 'images/listed/thumb.jpg']);
    for (const f of listed) {
      expect(f.modifiedAt).toBeInstanceOf(Date);
      // S3 keeps whole seconds: allow the second the write began in.
      expect(f.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(f.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const everything = (await all(store)).map((f) => f.key);
    expect(everything).toContain('other/elsewhere.txt');
    expect(everything).toContain('images/listed/thumb.jpg');
  });
});

describe('S3 store start-up', () => {
  it('refuses a bucket that does not exist, naming the bucket and the endpoint', async () => {
    await expect(s3Store('no-such-bucket').open!()).rejects.toThrow(`S3 bucket no-such-bucket not found at endpoint ${s3.endpoint}`);
  });

  it('pages through more files than one listing answer holds', async () => {
    // S3 answers at most 1000 keys a page; a page of 10 shows the same paging with few files.
    const store = s3Store('contract', 10);
    const written = Array.from({ length: 25 }, (_, i) => `paged/${String(i).padStart(2, '0')}`);
    await Promise.all(written.map((key) => store.put(key, Buffer.from(key))));
    expect((await all(store, 'paged/')).map((f) => f.key)).toEqual(written);
  });
});

describe('local store listing', () => {
  it('also lists the .tmp file a crashed write left behind', async () => {
    const store = localFileStore(localRoot);
    await fs.mkdir(path.join(localRoot, 'images', 'crashed'), { recursive: true });
    await fs.writeFile(path.join(localRoot, 'images', 'crashed', 'original.jpg.1234.tmp'), 'half');
    expect((await all(store, 'images/crashed/')).map((f) => f.key)).toEqual(['images/crashed/original.jpg.1234.tmp']);
  });
});
