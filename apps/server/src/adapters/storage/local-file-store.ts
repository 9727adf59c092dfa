import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';

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
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fs.rm(file, { force: true });
      // Drop the key's folder once it is empty, so deleted uploads leave no trace.
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    },
  };
}
