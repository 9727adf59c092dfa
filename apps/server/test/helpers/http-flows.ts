import { validRegistration } from './flows.ts';
import { brussels, shipmentContent, shipmentSide } from './marketplace.ts';
import { multipart } from './multipart.ts';

// The client's calls over real HTTP, for tests against server processes (the cluster harness):
// the same requests as flows.ts and marketplace.ts make through inject, on the real clock.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- like inject's res.json(): tests read the wire shape they assert
export type Answer = { status: number; headers: Headers; text: string; json: () => any };
export type Auth = { authorization: string };

export async function call(base: string, method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown; body?: Buffer } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | Uint8Array | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) body = new Uint8Array(opts.body);
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const must = (what: string, a: Answer, status: number) => {
  if (a.status !== status) throw new Error(`${what}: ${a.status} ${a.text}`);
  return a.json();
};

export async function clientToken(base: string): Promise<string> {
  const a = await call(base, 'POST', '/oauth/access_token', { json: { grant_type: 'client_credentials', client_id: 'web', scope: 'app' } });
  return must('client token', a, 200).access_token;
}

export async function login(base: string, username: string, password: string): Promise<Answer> {
  return call(base, 'POST', '/oauth/access_token', { json: { grant_type: 'password', username, password, client_id: 'web', scope: 'app' } });
}

/** Registers through the real calls (SMS code read from the processes' logs) and logs in. */
export async function register(base: string, smsCode: (e164: string) => Promise<string>) {
  const bearer = { authorization: `Bearer ${await clientToken(base)}` };
  const body = validRegistration();
  const sent = must('send code', await call(base, 'POST', '/api/phone/verification', { headers: bearer, json: { cellphone: body.cellphone } }), 200);
  const code = await smsCode(sent.cellphone);
  const checked = must('check code', await call(base, 'POST', '/api/phone/verification/check', { headers: bearer, json: { cellphone: body.cellphone, code } }), 200);
  const created = must('register', await call(base, 'POST', '/api/user', { headers: bearer, json: { ...body, verification_token: checked.verification_token } }), 201);
  const tokens = must('login', await login(base, body.email, body.password), 200);
  return { id: created.id as number, email: body.email, password: body.password, auth: { authorization: `Bearer ${tokens.access_token}` } };
}

let drivers = 0;
export async function createDriver(base: string, adminToken: string) {
  drivers += 1;
  const email = `driver.${drivers}.${Date.now()}@example.be`;
  const args = ['driver', 'create', email, 'rijden123', 'Driver', `Nummer${drivers}`, 'van', 'Ford Transit'];
  const made = must('driver create', await call(base, 'POST', '/api/admin/command', { headers: { authorization: `Bearer ${adminToken}` }, json: { args } }), 200);
  const id = Number(/\(id (\d+)\)/.exec(made.message)?.[1]);
  const tokens = must('driver login', await login(base, email, 'rijden123'), 200);
  return { id, email, password: 'rijden123', auth: { authorization: `Bearer ${tokens.access_token}` } };
}

/** Tomorrow in Brussels as YYYY-MM-DD (the real clock: shipments must lie in the future). */
function tomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + 24 * 3600_000));
}

export function futureShipment() {
  const day = tomorrow();
  const base = shipmentContent();
  return {
    ...base,
    pickup: shipmentSide({ date_from: brussels(day, '08:00'), date_till: brussels(day, '17:00') }),
    delivery: { ...base.delivery, date_from: brussels(day, '17:00'), date_till: brussels(day, '22:00') },
  };
}

export async function postShipment(base: string, auth: Auth): Promise<Answer> {
  const { payload, headers } = multipart(futureShipment(), []);
  return call(base, 'POST', '/api/shipment', { headers: { ...headers, ...auth }, body: payload });
}

export async function createShipment(base: string, auth: Auth): Promise<number> {
  return must('create shipment', await postShipment(base, auth), 201).id;
}

export async function makeOffer(base: string, driver: { auth: Auth }, shipmentId: number, price: number): Promise<number> {
  return must('offer', await call(base, 'POST', `/api/driver/shipment/${shipmentId}/offer`, { headers: driver.auth, json: { price } }), 201).id;
}

export async function addCard(base: string, auth: Auth, token = 'tok_visa'): Promise<void> {
  must('add card', await call(base, 'POST', '/api/billing/addcard', { headers: auth, json: { stripeToken: token } }), 200);
}

export function accept(base: string, auth: Auth, shipmentId: number, offerId: number): Promise<Answer> {
  return call(base, 'POST', `/api/shipment/${shipmentId}/offer/${offerId}`, { headers: auth });
}
