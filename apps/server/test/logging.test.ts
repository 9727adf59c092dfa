import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from './helpers/flows.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { write: (line) => void lines.push(line) });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never contain passwords, bearer tokens or ?access_token= values', async () => {
    const u = await registerAndLogin(t);
    await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth });
    await t.app.inject({ method: 'GET', url: `/api/image/00000000-0000-4000-8000-000000000000/original?access_token=${u.tokens.access_token}` });
    await t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'refresh_token', refresh_token: u.tokens.refresh_token, client_id: 'web' } });
    const log = lines.join('');
    expect(log).toContain('/api/user');
    expect(log).toContain('access_token=[redacted]');
    for (const secret of [u.password, u.tokens.access_token, u.tokens.refresh_token]) expect(log).not.toContain(secret);
  });
});
