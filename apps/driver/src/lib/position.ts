// The driver's position (decision 0029): watched while a job screen is open, sent at most every
// 30 s or after 200 m, with the accuracy the phone gives; the last one is kept on the phone so a
// proof can still be dated and placed when the position is refused or unavailable.

export type Fix = { lat: number; lng: number; accuracy: number; at: number };

export const POSITION_EVERY_MS = 30_000;
export const POSITION_EVERY_METRES = 200;

/** Metres between two points (haversine). */
export function metresBetween(a: Pick<Fix, 'lat' | 'lng'>, b: Pick<Fix, 'lat' | 'lng'>): number {
  const r = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(h));
}

/** Whether a new fix is worth sending after the last one sent: 30 s later or 200 m further. */
export const worthSending = (last: Fix | null, next: Fix) => !last || next.at - last.at >= POSITION_EVERY_MS || metresBetween(last, next) >= POSITION_EVERY_METRES;

const KEY = 'vm.driver.lastPosition';
export function lastKnownPosition(): Fix | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Fix) : null;
  } catch {
    return null;
  }
}
export function rememberPosition(fix: Fix) {
  try {
    localStorage.setItem(KEY, JSON.stringify(fix));
  } catch {
    /* private mode: nothing kept */
  }
}

export const toFix = (p: GeolocationPosition): Fix => ({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Math.min(100_000, Math.round(p.coords.accuracy)), at: p.timestamp || Date.now() });

/** One position now (at most `timeoutMs`), else the reason it was not given. */
export function currentPosition(timeoutMs = 10_000): Promise<{ fix: Fix } | { error: 'denied' | 'unavailable' }> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve({ error: 'unavailable' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const fix = toFix(p);
        rememberPosition(fix);
        resolve({ fix });
      },
      (e) => resolve({ error: e.code === 1 ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** Keeps the screen on while the job is open, where the browser can (Screen Wake Lock API). */
export async function keepScreenOn(): Promise<(() => void) | null> {
  const wl = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
  if (!wl) return null;
  try {
    const lock = await wl.request('screen');
    return () => void lock.release().catch(() => undefined);
  } catch {
    return null;
  }
}
