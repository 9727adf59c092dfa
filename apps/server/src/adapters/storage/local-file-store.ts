import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredFile } from './file-store.ts';

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under a folder, depth first; a file or folder removed meanwhile (by a sweep) is skipped. */
async function* walk(root: string, dir: string): AsyncGenerator<StoredFile> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isGone(err)) return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      yield* walk(root, full);
    } else if (e.isFile()) {
      try {
        const st = await fs.stat(full);
        // Keys use '/' whatever the platform, as they do on S3.
        yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: st.mtime };
      } catch (err) {
        if (!isGone(err)) throw err;
      }
    }
  }
}

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are made by the server, but never let one escape the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if (isGone(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fs.rm(file, { force: true });
      // Drop the key's folder once it is empty, so deleted uploads leave no trace.
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    },
    async *list(prefix = '') {
      const base = path.resolve(root);
      // Start at the deepest folder the prefix names, then keep only keys that really match.
      const slash = prefix.lastIndexOf('/');
      const start = slash < 0 ? base : path.resolve(base, prefix.slice(0, slash));
      if (start !== base && !start.startsWith(base + path.sep)) throw new Error(`invalid storage prefix ${prefix}`);
      for await (const f of walk(base, start)) if (f.key.startsWith(prefix)) yield f;
    },
  };
}
