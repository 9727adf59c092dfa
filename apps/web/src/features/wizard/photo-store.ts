// Chosen photos per package key ('fixed' or a custom item's id). Files cannot go to local
// storage, so they live here for the page's lifetime.
const photos = new Map<string, File[]>();
const listeners = new Set<() => void>();

// One shared empty list: useSyncExternalStore needs the same value for the same state.
const NONE: File[] = [];
export const getPhotos = (key: string): File[] => photos.get(key) ?? NONE;
export function setPhotos(key: string, files: File[]): void {
  photos.set(key, files);
  for (const l of listeners) l();
}
export function clearPhotos(): void {
  photos.clear();
  for (const l of listeners) l();
}
export function subscribePhotos(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
