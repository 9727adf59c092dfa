import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../src/modules/staff/staff.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Demo mode on the embedded database seeds the README's admin (decision 0025); without demo mode
// there is no such account.

let demo: TestApp;
let plain: TestApp;
beforeAll(async () => {
  demo = await createTestApp({ DEMO_DRIVERS: 'true' });
  plain = await createTestApp();
});
afterAll(async () => {
  await demo.close();
  await plain.close();
});

const signIn = async (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/sign-in',
    payload: { email: DEMO_STAFF.email, password: DEMO_STAFF.password, code: await generate({ secret: DEMO_STAFF.totpSecret, epoch: Math.floor(t.clock.now().getTime() / 1000) }) },
  });

describe('the demo admin', () => {
  it('signs in with the README’s password and TOTP secret in demo mode, as an admin', async () => {
    const res = await signIn(demo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff).toMatchObject({ email: DEMO_STAFF.email, role: 'admin' });
  });

  it('does not exist outside demo mode', async () => {
    expect((await signIn(plain)).statusCode).toBe(401);
  });
});
