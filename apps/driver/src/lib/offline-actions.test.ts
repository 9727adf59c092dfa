import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendQueued } from './offline-actions.ts';
import type { QueuedEntry } from './offline-queue.ts';

// How a kept action reaches the server: its route, its client-made id and original time, and
// which answers end it (done, refused for good) or keep it for a retry.

beforeEach(() => writeToken({ access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 900_000 }));
afterEach(() => writeToken(null));

const at = Date.UTC(2026, 10, 25, 8, 30, 0);
const entry = (action: QueuedEntry['action']): QueuedEntry => ({ id: '9b2f6c1e-0000-4000-8000-000000000001', at, action, attempts: 0 });

describe('sending a kept action', () => {
  it('posts a state change with its id and original time (unix seconds), with the driver’s token', async () => {
    let seen: { body: unknown; auth: string | null } | null = null;
    server.use(
      http.post('*/api/driver/shipment/7/status', async ({ request }) => {
        seen = { body: await request.json(), auth: request.headers.get('authorization') };
        return HttpResponse.json({});
      }),
    );
    expect(await sendQueued(entry({ kind: 'state', shipmentId: 7, state: 'loaded' }))).toEqual({ ok: true });
    expect(seen).toEqual({ body: { state: 'loaded', client_id: '9b2f6c1e-0000-4000-8000-000000000001', at: at / 1000 }, auth: 'Bearer a1' });
  });

  it('posts a proof as multipart with its files', async () => {
    let got: { content: unknown; photo: string } | null = null;
    server.use(
      http.post('*/api/driver/shipment/7/proof', async ({ request }) => {
        const form = await request.formData();
        got = { content: JSON.parse(String(form.get('content'))), photo: await (form.get('photo1') as Blob).text() };
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const bytes = new TextEncoder().encode('jpeg').buffer;
    const outcome = await sendQueued(entry({ kind: 'proof', shipmentId: 7, content: { leg: 'pickup' }, files: [{ field: 'photo1', name: 'a.jpg', type: 'image/jpeg', bytes }] }));
    expect(outcome).toEqual({ ok: true });
    expect(got).toEqual({ content: { leg: 'pickup', client_id: '9b2f6c1e-0000-4000-8000-000000000001', taken_at: at / 1000 }, photo: 'jpeg' });
  });

  it('a 4xx is the server’s final word, kept with its sentence; a 5xx or 429 is tried again', async () => {
    server.use(http.post('*/api/driver/shipment/7/location', () => HttpResponse.json({ error: 'conflict', error_description: 'Deze rit is al geleverd.' }, { status: 409 })));
    expect(await sendQueued(entry({ kind: 'position', shipmentId: 7, lat: 50.8, lng: 4.3 }))).toEqual({ ok: false, retry: false, status: 409, message: 'Deze rit is al geleverd.' });
    server.use(http.post('*/api/driver/shipment/7/location', () => new HttpResponse(null, { status: 503 })));
    expect(await sendQueued(entry({ kind: 'position', shipmentId: 7, lat: 50.8, lng: 4.3 }))).toEqual({ ok: false, retry: true });
    server.use(http.post('*/api/driver/shipment/7/location', () => new HttpResponse(null, { status: 429 })));
    expect(await sendQueued(entry({ kind: 'position', shipmentId: 7, lat: 50.8, lng: 4.3 }))).toEqual({ ok: false, retry: true });
    server.use(http.post('*/api/driver/shipment/7/location', () => HttpResponse.error()));
    expect(await sendQueued(entry({ kind: 'position', shipmentId: 7, lat: 50.8, lng: 4.3 }))).toEqual({ ok: false, retry: true });
  });
});
