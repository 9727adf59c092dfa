import type { TestApp } from './test-app.ts';

export type Tokens = { access_token: string; refresh_token: string; expires_in: number; token_type: string };

let counter = 0;
/** Numbers that libphonenumber accepts as Belgian mobiles, one per call (0470 10 0001 on; 890,000 before they repeat, as a long race bench needs). */
export function nextCellphone(): string {
  counter += 1;
  const n = counter % 890_000;
  return `0470 ${10 + Math.floor(n / 10_000)} ${String(n % 10_000).padStart(4, '0')}`;
}

export async function clientToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oauth/access_token',
    payload: { grant_type: 'client_credentials', client_id: 'web', scope: 'app' },
  });
  if (res.statusCode !== 200) throw new Error(`client token: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

export async function verifyPhone(t: TestApp, bearer: string, cellphone: string): Promise<string> {
  const headers = { authorization: `Bearer ${bearer}` };
  const sent = await t.app.inject({ method: 'POST', url: '/api/phone/verification', headers, payload: { cellphone } });
  if (sent.statusCode !== 200) throw new Error(`send code: ${sent.statusCode} ${sent.body}`);
  const code = t.sms.at(-1)!.code;
  const checked = await t.app.inject({ method: 'POST', url: '/api/phone/verification/check', headers, payload: { cellphone, code } });
  if (checked.statusCode !== 200) throw new Error(`check code: ${checked.statusCode} ${checked.body}`);
  return checked.json().verification_token;
}

export function validRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'An',
    last_name: 'Peeters',
    cellphone: nextCellphone(),
    birthday: '1990-05-17',
    email: `an.peeters.${counter}.${Date.now()}@example.be`,
    password: 'geheim123',
    repeat_password: 'geheim123',
    address: { country: 'BE' },
    ...overrides,
  };
}

export async function login(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/access_token',
    payload: { grant_type: 'password', username: email, password, client_id: 'web', scope: 'app' },
  });
}

/** Registers through the real calls (client token, SMS check, POST /api/user) and logs in. */
export async function registerAndLogin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const bearer = await clientToken(t);
  const body = validRegistration(overrides);
  const verification_token = await verifyPhone(t, bearer, body.cellphone as string);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: { authorization: `Bearer ${bearer}` },
    payload: { ...body, verification_token },
  });
  if (created.statusCode !== 201) throw new Error(`register: ${created.statusCode} ${created.body}`);
  const res = await login(t, body.email as string, body.password as string);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const tokens = res.json() as Tokens;
  return { id: created.json().id as number, email: body.email as string, password: body.password as string, cellphone: body.cellphone as string, tokens, auth: { authorization: `Bearer ${tokens.access_token}` } };
}
