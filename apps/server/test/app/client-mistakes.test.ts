import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, registerAndLogin } from '../helpers/flows.ts';
import { type Auth, accept, addCard, brussels, createDriver, createShipment, makeOffer, postShipment, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// One regression test per root cause that made malformed requests answer 500 (issue 9): a client's
// mistake is a 4xx with a reason, and nothing is stored or decoded on the way.

let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
let driver: Awaited<ReturnType<typeof createDriver>>;
let shipmentId: number;
const lines: string[] = [];
const BIG = String(2 ** 31);

beforeAll(async () => {
  t = await createTestApp({}, undefined, { write: (line) => void lines.push(line) });
  sender = await registerAndLogin(t);
  driver = await createDriver(t);
  await addCard(t, sender.auth);
  shipmentId = await createShipment(t, sender.auth);
  await accept(t, sender.auth, shipmentId, await makeOffer(t, driver, shipmentId, 80));
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string | Buffer; headers?: Record<string, string> };
const send = (c: Call, auth: Auth | Record<string, never>) => t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { ...auth, ...c.headers } });
const jsonCall = (method: Call['method'], url: string, payload: string): Call => ({ method, url, payload, headers: { 'content-type': 'application/json' } });

describe('ids beyond PostgreSQL integer (2^31 and more)', () => {
  it('answer 404 in a path on every route that takes an id', async () => {
    const senderCalls: Call[] = [
      { method: 'GET', url: `/api/shipment/${BIG}` },
      jsonCall('PUT', `/api/shipment/${BIG}`, '{"insurance":"cmr"}'),
      jsonCall('POST', `/api/shipment/${BIG}/status`, '{"state":"cancelled"}'),
      { method: 'POST', url: `/api/shipment/${BIG}/offer/1/accept`, payload: '{}', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: `/api/shipment/1/offer/${BIG}/accept`, payload: '{}', headers: { 'content-type': 'application/json' } },
      { method: 'GET', url: `/api/conversation/${BIG}` },
      { method: 'GET', url: '/api/shipment/99999999999999999999' },
      { method: 'GET', url: '/api/shipment/1e3' },
      { method: 'GET', url: '/api/shipment/-1' },
    ];
    for (const c of senderCalls) {
      const res = await send(c, sender.auth);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(404);
    }
    const driverCalls: Call[] = [
      { method: 'GET', url: `/api/driver/shipment/${BIG}` },
      jsonCall('POST', `/api/driver/shipment/${BIG}/offer`, '{"price":10}'),
      { method: 'DELETE', url: `/api/driver/shipment/${BIG}/offer` },
      jsonCall('POST', `/api/driver/shipment/${BIG}/status`, '{"state":"picked_up"}'),
      jsonCall('POST', `/api/driver/shipment/${BIG}/location`, '{"lat":50,"lng":4}'),
    ];
    for (const c of driverCalls) {
      const res = await send(c, driver.auth);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(404);
    }
  });

  it('answer 400 in a body', async () => {
    const res = await send(jsonCall('POST', '/api/rating', `{"shipment_id":${BIG},"rating":5}`), sender.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([expect.objectContaining({ field: 'shipment_id' })]);
  });
});

describe('a NUL byte or another control character in text', () => {
  it('is refused with 400 at the field, in JSON and in a multipart content field', async () => {
    const user = await send(jsonCall('PUT', '/api/user', JSON.stringify({ first_name: 'A\u0000n', last_name: 'Peeters', cellphone: sender.cellphone, birthday: '1990-05-17', address: { country: 'BE' } })), sender.auth);
    expect(user.statusCode, user.body).toBe(400);
    expect(user.json()).toEqual([expect.objectContaining({ field: 'first_name' })]);

    const chat = await send(jsonCall('POST', `/api/conversation/${shipmentId}`, '{"message":"hallo\\u0007"}'), sender.auth);
    expect(chat.statusCode, chat.body).toBe(400);
    expect(chat.json()).toEqual([expect.objectContaining({ field: 'message' })]);

    const shipment = await postShipment(t, sender.auth, shipmentContent({ pickup: shipmentSide({ notes: 'Achterdeur\u0000' }) }));
    expect(shipment.statusCode, shipment.body).toBe(400);
    expect(shipment.json()).toEqual([expect.objectContaining({ field: 'pickup.notes' })]);
  });

  it('keeps newlines where text has several lines', async () => {
    const res = await postShipment(t, sender.auth, shipmentContent({ pickup: shipmentSide({ notes: 'Achterdeur\nTweede verdieping' }) }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('in a query string or a path answers 4xx', async () => {
    for (const url of ['/api/geo/autocomplete?q=Has%00selt', '/api/pushes?before=1%00', '/api/shipment/1%00', '/api/tracking/abc%00def']) {
      const res = await send({ method: 'GET', url }, sender.auth);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('broken bodies', () => {
  it('a JSON null, an array, a number or malformed JSON answers 400', async () => {
    const bearer = await clientToken(t);
    for (const payload of ['null', '[]', '42', '"x"', '{"a":', '']) {
      for (const [url, auth] of [
        ['/api/user', { authorization: `Bearer ${bearer}` }],
        ['/api/password/forgot', {}],
        ['/api/password/reset', {}],
        ['/api/rating', sender.auth],
        ['/oauth/access_token', {}],
      ] as const) {
        const res = await send(jsonCall('POST', url, payload), auth);
        expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBe(400);
      }
    }
  });

  it('a wrong content type answers 415', async () => {
    const res = await send({ method: 'PUT', url: '/api/user', payload: '<user/>', headers: { 'content-type': 'application/xml' } }, sender.auth);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_media_type');
  });

  it('multipart without a boundary, or cut short, answers 400 and stores nothing', async () => {
    const before = await countShipments();
    const noBoundary = await send({ method: 'POST', url: '/api/shipment', payload: 'x', headers: { 'content-type': 'multipart/form-data' } }, sender.auth);
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const full = multipart(shipmentContent({ packages: [{ type: 'small', description: 'x', photos: ['p'] }] }), [{ field: 'p', filename: 'p.jpg', type: 'image/jpeg', data: Buffer.alloc(5000, 1) }]);
    const cut = await send({ method: 'POST', url: '/api/shipment', payload: full.payload.subarray(0, full.payload.length - 3000), headers: full.headers }, sender.auth);
    expect(cut.statusCode, cut.body).toBe(400);
    const cutAttachment = await send({ method: 'POST', url: '/api/attachment', payload: full.payload.subarray(0, 200), headers: full.headers }, sender.auth);
    expect(cutAttachment.statusCode, cutAttachment.body).toBe(400);
    expect(await countShipments()).toBe(before);
  });
});

describe('timestamps', () => {
  const withPickup = (from: number, till: number) => shipmentContent({ pickup: shipmentSide({ date_from: from, date_till: till }) });

  it('out of range answer 400 at the field, on both databases', async () => {
    for (const [from, till] of [
      [1e15, 1e15 + 3600],
      [-157_000_000_000, -156_999_990_000],
      [brussels('2026-11-23', '08:00') + 0.5, brussels('2026-11-23', '17:00')],
    ]) {
      const res = await postShipment(t, sender.auth, withPickup(from!, till!));
      expect(res.statusCode, `${from}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^pickup\.date_/) })]));
    }
  });

  it('a booking more than a year ahead is refused with a reason', async () => {
    const res = await postShipment(
      t,
      sender.auth,
      shipmentContent({
        pickup: shipmentSide({ date_from: brussels('2027-12-01', '08:00'), date_till: brussels('2027-12-01', '17:00') }),
        delivery: shipmentSide({ date_from: brussels('2027-12-01', '17:00'), date_till: brussels('2027-12-01', '20:00') }),
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual([{ field: 'pickup.date_from', message: expect.stringMatching(/jaar/) }]);
  });
});

describe('uploads', () => {
  it('one file referenced 100 times answers 400 at once, before any image is decoded', async () => {
    const packages = Array.from({ length: 20 }, () => ({ type: 'large', description: 'Doos', photos: ['same', 'same', 'same', 'same', 'same'] }));
    // Not an image: had anything been decoded, the answer would be 415.
    const res = await postShipment(t, sender.auth, shipmentContent({ packages }), [{ field: 'same', data: Buffer.alloc(1000, 7) }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'packages.0.photos' })]));
    expect(await storedFiles()).toEqual([]);
  });

  it('more photos than the package type takes answer 400', async () => {
    const res = await postShipment(t, sender.auth, shipmentContent({ packages: [{ type: 'small', description: 'x', photos: ['a', 'b'] }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([expect.objectContaining({ field: 'packages.0.photos' })]);
  });

  it('one field used by two packages answers 400', async () => {
    const res = await postShipment(t, sender.auth, shipmentContent({ packages: [{ type: 'small', description: 'x', photos: ['a'] }, { type: 'small', description: 'y', photos: ['a'] }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([expect.objectContaining({ field: 'packages.1.photos' })]);
  });
});

describe('logs', () => {
  it('hide credentials in any query parameter, whatever its spelling', async () => {
    await send({ method: 'GET', url: `/api/user?Password=pw-one-1&refresh_token=rt-two-2&client_secret=cs-three-3&code=cd-four-4&token=tk-five-5&pass%77ord=pw-six-6` }, sender.auth);
    await send({ method: 'POST', url: `/oauth/access_token?password=pw-seven-7`, payload: '{', headers: { 'content-type': 'application/json' } }, {});
    const log = lines.join('');
    expect(log).toContain('/api/user');
    for (const secret of ['pw-one-1', 'rt-two-2', 'cs-three-3', 'cd-four-4', 'tk-five-5', 'pw-six-6', 'pw-seven-7']) expect(log).not.toContain(secret);
  });
});

describe('after all of the above', () => {
  it('the shipment and the server are as they were', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shipment/${shipmentId}`, headers: sender.auth });
    expect(res.json().current_state.state).toBe('accepted');
    expect(res.json().pickup_location.notes).toBe('Bel aan bij de achterdeur');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

async function countShipments(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: sender.auth });
  return (res.json() as unknown[]).length;
}

async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'files', 'images');
  return fs.readdir(dir).catch(() => []);
}

describe('hostile JSON', () => {
  it('nesting thousands of levels deep answers 400 on every kind of route', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const url of ['/oauth/access_token', `/api/shipment/${shipmentId}/status`, '/api/rating', `/api/conversation/${shipmentId}`]) {
      const res = await send(jsonCall('POST', url, deep), sender.auth);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });
});
