// The stored token (SPEC section 7): access token, refresh token and expiry, kept in local storage
// and mirrored in a cookie. The server never reads the cookie; it trusts only the bearer header.

export type StoredToken = { access_token: string; refresh_token: string; expires_at: number };

const KEY = 'vm.token';
const listeners = new Set<() => void>();

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

/** Called whenever the token changes (login, refresh, logout). */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
