import { generate } from 'otplib';
import { sql } from 'kysely';
import { STAFF_ROLES } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Staff sign-in and the audit log (issue 21, staff part; decision 0025): staff are created by an
// admin command with a one-time set-up link, sign in with password + TOTP (or a passkey: e2e), hold
// short sessions good for /api/ops only, are checked per role, and everything lands in a hash chain.

const ADMIN = 'test-admin-token';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: ADMIN, STAFF_SIGN_IN_PER_IP: '1000' });
});
afterAll(() => t.close());

async function admin(...args: string[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${ADMIN}` }, payload: { args } });
  return res.json<{ ok: boolean; message: string }>();
}

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
const PASSWORD = 'correct horse battery';

/** A staff member created by the admin command and set up with password + TOTP: their secret and session. */
async function staffMember(email: string, role: string) {
  const created = await admin('staff', 'create', email, '--role', role, '--name', `Test ${role}`);
  expect(created.ok, created.message).toBe(true);
  const token = /\/ops\/#\/setup\/([\w-]+)/.exec(created.message)![1]!;
  const info = (await t.app.inject({ method: 'POST', url: '/api/ops/setup/check', payload: { token } })).json<{ totp_secret: string; otpauth_uri: string; role: string }>();
  expect(info.role).toBe(role);
  expect(info.otpauth_uri).toContain(`secret=${info.totp_secret}`);
  const setup = await t.app.inject({ method: 'POST', url: '/api/ops/setup/password', payload: { token, password: PASSWORD, code: await codeAt(info.totp_secret) } });
  expect(setup.statusCode, setup.body).toBe(200);
  // The link worked once.
  expect((await t.app.inject({ method: 'POST', url: '/api/ops/setup/check', payload: { token } })).statusCode).toBe(400);
  return { secret: info.totp_secret, session: setup.json<{ token: string; staff: { role: string } }>(), token };
}

const signIn = (email: string, code: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/ops/sign-in', payload: { email, password, code } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/ops/me', headers: { authorization: `Bearer ${token}` } });

describe('staff sign-in', () => {
  it('sets up with the link, then signs in with password + a fresh TOTP code; a wrong or reused code is refused', async () => {
    const { secret, session } = await staffMember('anna@ops.test', 'support');
    expect(session.staff.role).toBe('support');
    expect((await me(session.token)).json()).toMatchObject({ email: 'anna@ops.test', role: 'support', has_password: true, passkeys: 0 });

    t.clock.advance(60);
    const wrong = await signIn('anna@ops.test', (Number(await codeAt(secret)) ^ 1).toString().padStart(6, '0'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'sign_in_failed' });
    expect((await signIn('anna@ops.test', await codeAt(secret), 'wrong password!!')).statusCode).toBe(401);
    const code = await codeAt(secret);
    const ok = await signIn('anna@ops.test', code);
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).statusCode).toBe(200);
    // The same code again, within its 30 seconds: refused (a code works once).
    expect((await signIn('anna@ops.test', code)).statusCode).toBe(401);
  });

  it('refuses a malformed code at the field', async () => {
    const res = await signIn('anna@ops.test', '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'code' })]));
  });

  it("takes no user token on /api/ops, and a staff token is no user's token elsewhere", async () => {
    const user = await registerAndLogin(t);
    expect((await me(user.tokens.access_token)).statusCode).toBe(401);
    const { session } = await staffMember('bert@ops.test', 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    expect((await me('not-a-token')).statusCode).toBe(401);
  });

  it('checks the role per route: the audit log is for admins (403 for support), and nobody without a session (401)', async () => {
    const support = await staffMember('carla@ops.test', 'support');
    const adminStaff = await staffMember('dirk@ops.test', 'admin');
    const audit = (token?: string) => t.app.inject({ method: 'GET', url: '/api/ops/audit', headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await audit(support.session.token)).statusCode).toBe(403);
    expect((await audit()).statusCode).toBe(401);
    const page = await audit(adminStaff.session.token);
    expect(page.statusCode).toBe(200);
    const entries = page.json<{ entries: { action: string; staff: { email: string } | null }[] }>().entries;
    // Newest first: dirk's sign-in at the set-up, his set-up, his creation by the admin command.
    expect(entries.slice(0, 3).map((e) => e.action)).toEqual(['staff.signed_in', 'staff.set_up', 'staff.created']);
    expect(entries[0]!.staff?.email).toBe('dirk@ops.test');
    expect(entries[2]!.staff).toBeNull();
  });

  it('lets the database hold exactly the roles of STAFF_ROLES (a new role needs a migration)', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.conrelid = 'staff'::regclass and c.contype = 'c' and a.attname = 'role'`.execute(t.handle.db);
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0]!.def.matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...STAFF_ROLES].sort());
  });

  it('ends a session after 30 idle minutes, and after 12 hours however busy; sign-out revokes it', async () => {
    const { secret } = await staffMember('eva@ops.test', 'finance');
    t.clock.advance(60);
    const token = (await signIn('eva@ops.test', await codeAt(secret))).json().token as string;
    t.clock.advance(29 * 60);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(31 * 60);
    expect((await me(token)).statusCode).toBe(401);

    const busy = (await signIn('eva@ops.test', await codeAt(secret))).json().token as string;
    for (let i = 0; i < 28; i++) {
      t.clock.advance(25 * 60);
      expect((await me(busy)).statusCode, `after ${(i + 1) * 25} minutes`).toBe(200);
    }
    t.clock.advance(25 * 60); // 12 h 5 min after the sign-in
    expect((await me(busy)).statusCode).toBe(401);

    t.clock.advance(60);
    const another = (await signIn('eva@ops.test', await codeAt(secret))).json().token as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/ops/sign-out', headers: { authorization: `Bearer ${another}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(another)).statusCode).toBe(401);
  });

  it('limits sign-in attempts per e-mail address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn('nobody@ops.test', '123456')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('the audit log', () => {
  const check = () => admin('audit', 'check');
  const raw = (q: ReturnType<typeof sql>) => q.execute(t.handle.db);

  it('is a hash chain the admin command verifies; an edited row and a deleted row are named', async () => {
    await staffMember('frank@ops.test', 'support');
    const ok = await check();
    expect(ok.ok, ok.message).toBe(true);
    expect(ok.message).toMatch(/intact: \d+ rows/);

    // The application cannot change a row…
    await expect(raw(sql`update audit_log set reason = 'x' where id = 2`)).rejects.toThrow(/append-only/);
    // …but someone with the owner's rights can: the check finds it.
    await raw(sql`alter table audit_log disable trigger audit_log_append_only`);
    await raw(sql`update audit_log set details = '{"role":"admin"}' where id = 2`);
    const edited = await check();
    expect(edited.ok).toBe(false);
    expect(edited.message).toContain('broken at row 2');
    expect(edited.message).toContain('edited');

    // A row taken out of the chain altogether:
    await raw(sql`delete from audit_log where id = 2`);
    const deleted = await check();
    expect(deleted.ok).toBe(false);
    expect(deleted.message).toContain('broken at row 2');
    expect(deleted.message).toContain('deleted');
  });
});

describe('appends at the same moment', () => {
  it('form one chain: ten staff members created at once, and every row links to the one before', async () => {
    const fresh = await createTestApp({ ADMIN_TOKEN: ADMIN });
    try {
      const run = (args: string[]) => fresh.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${ADMIN}` }, payload: { args } });
      const created = await Promise.all(Array.from({ length: 10 }, (_, i) => run(['staff', 'create', `parallel${i}@ops.test`])));
      expect(created.map((r) => r.json().ok)).toEqual(Array(10).fill(true));
      const check = (await run(['audit', 'check'])).json();
      expect(check).toEqual({ ok: true, message: 'The audit log is intact: 10 rows, every hash matches.' });
    } finally {
      await fresh.close();
    }
  });
});
