// The stored token (SPEC section 7): access token, refresh token and expiry, kept in local storage
// and mirrored in a cookie. The server never reads the cookie; it trusts only the bearer header.

export type StoredToken = { access_token: string; refresh_token: string; expires_at: number };

let KEY = 'vm.token';
const listeners = new Set<() => void>();

/**
 * Each app keeps its own session under its own key: the sender and the driver apps share one origin
 * (and so local storage), but a sender and a driver are different accounts, and signing in to one
 * app must not sign the other out. The driver app calls this before anything reads the token.
 */
export function setTokenKey(key: string): void {
  KEY = key;
}

export function readToken(): StoredToken | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const t = JSON.parse(raw) as StoredToken;
    return typeof t.access_token === 'string' && typeof t.refresh_token === 'string' ? t : null;
  } catch {
    return null;
  }
}

export function writeToken(t: StoredToken | null): void {
  if (t) {
    localStorage.setItem(KEY, JSON.stringify(t));
    document.cookie = `${KEY}=${encodeURIComponent(JSON.stringify(t))}; path=/; SameSite=Strict; max-age=${60 * 60 * 24 * 30}`;
  } else {
    localStorage.removeItem(KEY);
    document.cookie = `${KEY}=; path=/; SameSite=Strict; max-age=0`;
  }
  for (const l of listeners) l();
}

/**
 * Called whenever the token changes (login, refresh, logout), in this tab or in another tab of the
 * same origin: local storage is shared, and the browser tells the other tabs with a storage event.
 */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // key null: the other tab cleared the whole storage.
    if (e.key === KEY || e.key === null) for (const l of listeners) l();
  });
}

/** The name of the cross-tab lock held while a refresh token is spent (per session key). */
const refreshLock = () => `${KEY}.refresh`;

/**
 * Runs `fn` while no other tab of this origin runs it (Web Locks). The server treats a refresh
 * token used twice as theft and revokes the session, so two tabs must never spend the same one.
 * Where the browser has no Web Locks (old browsers, jsdom) `fn` runs at once: the tab still
 * shares one refresh among its own requests.
 */
export function underRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return fn();
  return locks.request(refreshLock(), { mode: 'exclusive' }, fn) as Promise<T>;
}
