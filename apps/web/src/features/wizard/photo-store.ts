// Chosen photos per package key ('fixed' or a custom item's id). Files cannot go to local
// storage, so they are kept in IndexedDB and survive a reload like the rest of the wizard.

const DB = 'vm-wizard';
const STORE = 'photos';
const photos = new Map<string, File[]>();
const listeners = new Set<() => void>();
// One shared empty list: useSyncExternalStore needs the same value for the same state.
const NONE: File[] = [];

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

// Bring back what an earlier page load stored.
void withStore('readonly', (store) => {
  const cursor = store.openCursor();
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (!c) return notify();
    if (!photos.has(String(c.key))) photos.set(String(c.key), c.value as File[]);
    c.continue();
  };
});

export const getPhotos = (key: string): File[] => photos.get(key) ?? NONE;

export function setPhotos(key: string, files: File[]): void {
  photos.set(key, files);
  notify();
  void withStore('readwrite', (store) => (files.length ? store.put(files, key) : store.delete(key)));
}

export function clearPhotos(): void {
  photos.clear();
  notify();
  void withStore('readwrite', (store) => store.clear());
}

export function subscribePhotos(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
