import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { TestServer } from './server.ts';

// Staff's command line and the API as a signed-in user, against a test server.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- …` against the test server: its printed answer (a failing command fails the test). */
export function admin(server: TestServer, ...args: string[]): string {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/admin.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir, API_URL: server.url }, encoding: 'utf8' });
  expect(res.status, res.stdout + res.stderr).toBe(0);
  return res.stdout;
}

/** A JSON call with a bearer token (Dutch answers); a failing one fails the test. */
export async function api<T = unknown>(server: TestServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'accept-language': 'nl-BE', ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** A password grant's access token. */
export async function passwordToken(server: TestServer, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/oauth/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: 'web', scope: 'app', username: email, password }) });
  expect(res.ok, `sign-in ${email}: ${res.status}`).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}
