import { firstBytes } from '../../lib/photo-check.ts';

// Chosen photos per package key ('fixed' or a custom item's id). Files cannot go to local
// storage, so they are kept in IndexedDB and survive a reload like the rest of the wizard.
// Their names go to local storage with the wizard, so a restored wizard whose photos did not
// come back (storage cleared, a private window, a file that can no longer be read) can say so.

const DB = 'vm-wizard';
const STORE = 'photos';
const photos = new Map<string, File[]>();
const listeners = new Set<() => void>();
// One shared empty list: useSyncExternalStore needs the same value for the same state.
const NONE: File[] = [];
const NAMES = 'vm.wizard.photos';
let restored = false;

function readNames(): Record<string, string[]> {
  try {
    return JSON.parse(localStorage.getItem(NAMES) ?? '{}') as Record<string, string[]>;
  } catch {
    return {};
  }
}
function writeNames(names: Record<string, string[]>): void {
  try {
    if (Object.keys(names).length) localStorage.setItem(NAMES, JSON.stringify(names));
    else localStorage.removeItem(NAMES);
  } catch {
    // No local storage: nothing to remember, nothing to miss.
  }
}
let names = readNames();

const notify = () => {
  for (const l of listeners) l();
};

function withStore(mode: IDBTransactionMode, run: (store: IDBObjectStore) => void): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const tx = open.result.transaction(STORE, mode);
      run(tx.objectStore(STORE));
      tx.oncomplete = tx.onerror = () => {
        open.result.close();
        resolve();
      };
    };
  });
}

// Bring back what an earlier page load stored, keeping only files that can still be read.
const found = new Map<string, File[]>();
void withStore('readonly', (store) => {
  const cursor = store.openCursor();
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (!c) return;
    found.set(String(c.key), c.value as File[]);
    c.continue();
  };
})
  .then(() =>
    Promise.all(
      [...found].map(async ([key, files]) => {
        const readable = await Promise.all(files.map((f) => firstBytes(f, 1).then(() => true, () => false)));
        if (!photos.has(key)) photos.set(key, files.filter((_, i) => readable[i]));
      }),
    ),
  )
  .finally(() => {
    restored = true;
    notify();
  });

export const getPhotos = (key: string): File[] => photos.get(key) ?? NONE;

const NONE_NAMES: string[] = [];
const missing = new Map<string, string[]>();
/**
 * The names of photos chosen for this package on an earlier visit that did not come back. Empty
 * until the stored photos are restored. The same list for the same state (useSyncExternalStore).
 */
export function getMissingPhotos(key: string): string[] {
  if (!restored) return NONE_NAMES;
  const have = new Set(getPhotos(key).map((f) => f.name));
  const gone = (names[key] ?? []).filter((n) => !have.has(n));
  const before = missing.get(key);
  if (before && before.join('\n') === gone.join('\n')) return before;
  const list = gone.length ? gone : NONE_NAMES;
  missing.set(key, list);
  return list;
}

export function setPhotos(key: string, files: File[]): void {
  photos.set(key, files);
  if (files.length) names = { ...names, [key]: files.map((f) => f.name) };
  else {
    const { [key]: _dropped, ...rest } = names;
    names = rest;
  }
  writeNames(names);
  notify();
  void withStore('readwrite', (store) => (files.length ? store.put(files, key) : store.delete(key)));
}

export function clearPhotos(): void {
  photos.clear();
  names = {};
  writeNames(names);
  notify();
  void withStore('readwrite', (store) => store.clear());
}

export function subscribePhotos(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
