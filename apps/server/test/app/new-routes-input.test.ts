import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The routes of issue 8 (events, pushes, chat, mail settings, tracking) take bad input with a 4xx
// and a reason, never a 500; another user's object is 404.
let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
let other: Awaited<ReturnType<typeof registerAndLogin>>;
let shipmentId: number;

beforeAll(async () => {
  t = await createTestApp();
  [sender, other] = [await registerAndLogin(t), await registerAndLogin(t)];
  const driver = await createDriver(t);
  await addCard(t, sender.auth);
  shipmentId = await createShipment(t, sender.auth);
  await accept(t, sender.auth, shipmentId, await makeOffer(t, driver, shipmentId, 100));
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string; type?: string };

describe('bad input on the new routes', () => {
  it('answers 4xx, never 5xx', async () => {
    const big = String(2 ** 31);
    const calls: Call[] = [
      { method: 'GET', url: '/api/pushes?limit=abc' },
      { method: 'GET', url: '/api/pushes?limit=0' },
      { method: 'GET', url: '/api/pushes?limit=51' },
      { method: 'GET', url: '/api/pushes?before=-1' },
      { method: 'GET', url: `/api/pushes?before=${big}` },
      { method: 'POST', url: '/api/pushes/abc/read' },
      { method: 'POST', url: `/api/pushes/${big}/read` },
      { method: 'GET', url: `/api/events?token=${'x'.repeat(201)}` },
      { method: 'GET', url: '/api/events?last_event_id=abc' },
      { method: 'GET', url: `/api/conversation/${big}` },
      { method: 'GET', url: '/api/conversation/0' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: 'null', type: 'application/json' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: '[1,2]', type: 'application/json' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: '{"message":12}', type: 'application/json' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: '{"message":"a\\u0000b"}', type: 'application/json' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: '{"message":', type: 'application/json' },
      { method: 'PUT', url: '/api/user/mail-settings', payload: 'null', type: 'application/json' },
      { method: 'PUT', url: '/api/user/mail-settings', payload: '{"offer_received":"yes"}', type: 'application/json' },
      { method: 'PUT', url: '/api/user/mail-settings', payload: '{"unknown":true}', type: 'application/json' },
      { method: 'POST', url: '/api/shipment/abc/tracking' },
      { method: 'POST', url: `/api/shipment/${big}/tracking` },
      { method: 'GET', url: '/api/tracking/%00' },
      { method: 'GET', url: `/api/tracking/${'a'.repeat(500)}` },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { ...sender.auth, ...(c.type ? { 'content-type': c.type } : {}) } });
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload ?? ''}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload ?? ''}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('answers 404 to another user on every route that names a shipment or a push', async () => {
    const push = (await t.app.inject({ method: 'GET', url: '/api/pushes', headers: sender.auth })).json().items[0].id as number;
    const calls: Call[] = [
      { method: 'POST', url: `/api/pushes/${push}/read` },
      { method: 'GET', url: `/api/conversation/${shipmentId}` },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: '{"message":"hallo"}', type: 'application/json' },
      { method: 'POST', url: `/api/conversation/${shipmentId}`, payload: 'null', type: 'application/json' },
      { method: 'POST', url: `/api/shipment/${shipmentId}/tracking` },
      { method: 'GET', url: `/api/shipment/${shipmentId}/tracking` },
      { method: 'DELETE', url: `/api/shipment/${shipmentId}/tracking` },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { ...other.auth, ...(c.type ? { 'content-type': c.type } : {}) } });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(404);
    }
  });
});
