import type { StaffRead, StaffSession } from '@vm/domain';
import { useSyncExternalStore } from 'react';

// The staff session of this tab: its token and who it is, in sessionStorage (a shared office
// computer forgets it with the tab), apart from the sender app's user token on the same origin.

export type OpsSession = { token: string; expiresAt: number; staff: StaffRead };

const KEY = 'vm.ops.session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OpsSession | null } = { raw: null, value: null };

export function readOpsSession(): OpsSession | null {
  const raw = storedText();
  if (raw === cached.raw) return cached.value;
  cached = { raw, value: parse(raw) };
  return cached.value;
}

function storedText(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OpsSession | null {
  try {
    const v = raw ? (JSON.parse(raw) as OpsSession) : null;
    return v && typeof v.token === 'string' && v.expiresAt * 1000 > Date.now() ? v : null;
  } catch {
    return null;
  }
}

function write(value: OpsSession | null) {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export const storeOpsSession = (s: StaffSession): void => write({ token: s.token, expiresAt: s.expires_at, staff: s.staff });
export const clearOpsSession = (): void => write(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The session, re-rendering on sign-in and sign-out. */
export function useOpsSession(): OpsSession | null {
  return useSyncExternalStore(subscribe, readOpsSession, () => null);
}
