import { afterEach, describe, expect, it } from 'vitest';
import { readToken, setTokenKey, writeToken } from './token-store.ts';

describe('the session key', () => {
  afterEach(() => {
    writeToken(null);
    setTokenKey('vm.token');
    localStorage.clear();
  });

  it('keeps each app’s session apart: a driver signing in leaves the sender’s session on this origin alone', () => {
    const sender = { access_token: 's', refresh_token: 'sr', expires_at: 1 };
    writeToken(sender);
    setTokenKey('vm.driver.token');
    expect(readToken()).toBeNull();
    writeToken({ access_token: 'd', refresh_token: 'dr', expires_at: 2 });
    expect(JSON.parse(localStorage.getItem('vm.token')!)).toEqual(sender);
    expect(readToken()?.access_token).toBe('d');
    writeToken(null);
    expect(JSON.parse(localStorage.getItem('vm.token')!)).toEqual(sender);
  });
});
