import { generate } from 'otplib';
import type { TestApp } from './test-app.ts';

// Staff members for tests of /api/ops routes: created by the admin command (the app needs its
// ADMIN_TOKEN, STAFF_ADMIN_TOKEN below) and set up with password + TOTP through the set-up link.

export const STAFF_ADMIN_TOKEN = 'test-admin-token';
let made = 0;

/** A new staff member of this role, signed in: the Authorization header of their session. */
export async function staffSession(t: TestApp, role: 'support' | 'finance' | 'admin'): Promise<{ authorization: string }> {
  const email = `staff${++made}-${role}@ops.test`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/command',
    headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` },
    payload: { args: ['staff', 'create', email, '--role', role, '--name', `Test ${role} ${made}`] },
  });
  const message = created.json<{ ok: boolean; message: string }>().message;
  const token = /\/ops\/#\/setup\/([\w-]+)/.exec(message)?.[1];
  if (!token) throw new Error(`staff create: ${created.statusCode} ${message}`);
  const info = (await t.app.inject({ method: 'POST', url: '/api/ops/setup/check', payload: { token } })).json<{ totp_secret: string }>();
  const code = await generate({ secret: info.totp_secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const setup = await t.app.inject({ method: 'POST', url: '/api/ops/setup/password', payload: { token, password: 'correct horse battery', code } });
  if (setup.statusCode !== 200) throw new Error(`staff setup: ${setup.statusCode} ${setup.body}`);
  return { authorization: `Bearer ${setup.json<{ token: string }>().token}` };
}
