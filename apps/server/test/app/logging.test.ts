import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { write: (line) => void lines.push(line) });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never contain passwords, bearer tokens, stream tokens or secrets in a query string', async () => {
    const u = await registerAndLogin(t);
    await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth });
    await t.app.inject({ method: 'GET', url: `/api/image/00000000-0000-4000-8000-000000000000/original?access_token=${u.tokens.access_token}` });
    await t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'refresh_token', refresh_token: u.tokens.refresh_token, client_id: 'web' } });
    // A stream token in the query, and a password a client put in one by mistake.
    const stream = (await t.app.inject({ method: 'POST', url: '/api/firebase_token', headers: u.auth })).json().token as string;
    await t.app.inject({ method: 'GET', url: `/api/events?token=${stream}-used-up` });
    await t.app.inject({ method: 'GET', url: `/api/user?password=${u.password}&client_secret=s3cr3t-value` });
    const log = lines.join('');
    expect(log).toContain('/api/user');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(stream);
    expect(log).not.toContain('s3cr3t-value');
    expect(log).toContain('access_token=[redacted]');
    for (const secret of [u.password, u.tokens.access_token, u.tokens.refresh_token]) expect(log).not.toContain(secret);
  });
});
