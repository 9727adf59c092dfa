import type { Auth } from './auth.service.ts';

/** How long a token found valid is trusted without asking the database again. */
const MAX_AGE_MS = 30_000;
const CAPACITY = 20_000;

type Entry = { auth: Auth; expiresAt: number; cachedAt: number };

/**
 * Access tokens recently found valid, so that a request polled every few seconds skips the token
 * lookup. A revocation is told to every process by a 'session.revoked' event (and to this one at
 * once), which forgets the user's tokens; an expired token is never answered from here, and no
 * entry is trusted for longer than 30 s whatever happens to the event stream.
 */
export function accessTokenCache(now: () => Date) {
  const entries = new Map<string, Entry>();

  return {
    get(tokenHash: string): Auth | null {
      const e = entries.get(tokenHash);
      if (!e) return null;
      const t = now().getTime();
      if (e.expiresAt <= t || t - e.cachedAt > MAX_AGE_MS) {
        entries.delete(tokenHash);
        return null;
      }
      return e.auth;
    },

    set(tokenHash: string, auth: Auth, expiresAt: Date): void {
      if (entries.size >= CAPACITY) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { auth, expiresAt: expiresAt.getTime(), cachedAt: now().getTime() });
    },

    forgetUser(userId: number): void {
      for (const [k, e] of entries) if (e.auth.userId === userId) entries.delete(k);
    },
  };
}

export type AccessTokenCache = ReturnType<typeof accessTokenCache>;
