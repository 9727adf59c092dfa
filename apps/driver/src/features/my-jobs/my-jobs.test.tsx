import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineQueue } from '../../lib/offline-actions.ts';
import { driverApi, job, profile, renderApp, resetApp } from '../../test-app.tsx';
import { nextStep } from './api.ts';
import { dataUrlBytes, exportSignature, type ProofValues, validateProof } from './proof-form.ts';
import { queueProof } from './queue-actions.ts';

// Doing the job: the one next-state button (queued, shown at once, refused with the server's
// words), the proof form's rules, the signature's PNG, and the queue's order towards the server.

const setOnline = (on: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
};
beforeEach(() => setOnline(true));
afterEach(async () => {
  setOnline(true);
  await offlineQueue().flush();
  resetApp();
});

const full = (street: string, city: string) => ({ lat: 50.9, lng: 5.3, notes: 'Bel aan', address: { name: 'Atelier Peeters', street, number: '1', box: '', zip: '3500', city, country: 'BE', formatted: `${street} 1, 3500 ${city}` } });
const accepted = (id: number, state: ShipmentStateName, over: Partial<DriverJobRead> = {}) =>
  job({ id, current_state: { state }, pickup_location: full('Markt', 'Hasselt'), delivery_location: { ...full('Veldstraat', 'Gent'), lat: 51.05, lng: 3.72 }, my_offer: { id: 1, price: 100, state: 'accepted' }, ...over });

/** A job the server holds, moved by the status route (the test sees every body sent). */
function jobServer(id: number, start: ShipmentStateName) {
  let current = accepted(id, start);
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(`*/api/driver/shipment/${id}`, () => HttpResponse.json(current)),
    http.get(`*/api/driver/shipment/${id}/proof`, () => HttpResponse.json({ proofs: [], delivery: { status: 'not_delivered' }, note_url: null })),
    http.post(`*/api/driver/shipment/${id}/status`, async ({ request }) => {
      const body = (await request.json()) as { state: ShipmentStateName };
      bodies.push(body);
      current = accepted(id, body.state);
      return HttpResponse.json(current);
    }),
  );
  return { bodies };
}

describe('the next-state step', () => {
  it('is the one next state of the flow, asks the proof first before loaded and delivered, and ends at delivered', () => {
    expect(nextStep('accepted', [])).toEqual({ to: 'onwaytopickup', proof: null });
    expect(nextStep('onwaytopickup', [])).toEqual({ to: 'nearpickup', proof: null });
    expect(nextStep('loading', [])).toEqual({ to: 'loaded', proof: 'pickup' });
    expect(nextStep('loading', ['pickup'])).toEqual({ to: 'loaded', proof: null });
    expect(nextStep('unloaded', ['pickup'])).toEqual({ to: 'delivered', proof: 'delivery' });
    expect(nextStep('delivered', ['pickup', 'delivery'])).toBeNull();
    expect(nextStep('cancelled', [])).toBeNull();
  });
});

describe('a job on the road', () => {
  it('shows the full addresses, a navigation link and a chat link; the big button queues the next state, shows it at once while offline and sends it when the network returns', async () => {
    driverApi(profile({ status: 'approved' }));
    const { bodies } = jobServer(301, 'accepted');
    const { user } = renderApp('/my-jobs/301');
    expect(await screen.findByText('Markt 1, 3500 Hasselt')).toBeVisible();
    expect(screen.getByText('Veldstraat 1, 3500 Gent')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Navigeer naar 3500 Hasselt' })).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=50.9,5.3');
    expect(screen.getByRole('link', { name: 'Chat met de verzender' })).toHaveAttribute('href', '/my-jobs/301/chat');
    expect(screen.getByTestId('run-state')).toHaveTextContent('Status: Aanvaard');

    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Vertrekken naar ophaling' }));
    // Optimistic: the queued state at once, marked as waiting; the next button is the next step.
    await waitFor(() => expect(screen.getByTestId('run-state')).toHaveTextContent('Status: Onderweg naar ophaling'));
    expect(screen.getByTestId('run-waiting')).toHaveTextContent('(wacht op verzending)');
    expect(screen.getByRole('button', { name: 'Bijna bij ophaling' })).toBeVisible();
    expect(bodies).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ state: 'onwaytopickup', client_id: expect.stringMatching(/^[0-9a-f-]{36}$/), at: expect.any(Number) });
    await waitFor(() => expect(screen.queryByTestId('run-waiting')).toBeNull());
    expect(screen.getByTestId('run-state')).toHaveTextContent('Status: Onderweg naar ophaling');
  });

  it('opens the pickup proof instead of marking loaded without it', async () => {
    driverApi(profile({ status: 'approved' }));
    const { bodies } = jobServer(302, 'loading');
    const { user, router } = renderApp('/my-jobs/302');
    await user.click(await screen.findByRole('button', { name: 'Ophaalbewijs opnemen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-jobs/302/proof/pickup'));
    expect(await screen.findByRole('heading', { name: 'Ophaalbewijs in 3500 Hasselt' })).toBeVisible();
    expect(bodies).toEqual([]);
  });

  it('shows the server’s reason when it refuses a stale state change', async () => {
    driverApi(profile({ status: 'approved' }));
    jobServer(303, 'accepted');
    server.use(http.post('*/api/driver/shipment/303/status', () => HttpResponse.json({ error: 'action_stale', error_description: 'Deze rit is al verder dan die stap.' }, { status: 409 })));
    const { user } = renderApp('/my-jobs/303');
    await user.click(await screen.findByRole('button', { name: 'Vertrekken naar ophaling' }));
    expect(await screen.findByText('Niet aanvaard door de server: Deze rit is al verder dan die stap.', { selector: 'main p' })).toBeVisible();
    const q = offlineQueue();
    for (const r of (await q.snapshot()).refused) await q.dismiss(r.id);
  });
});

describe('the proof form', () => {
  const png = { field: 'signature', name: 'signature.png', type: 'image/png', bytes: new ArrayBuffer(4) };
  const photo = { field: '', name: 'a.jpg', type: 'image/jpeg', bytes: new ArrayBuffer(4) };
  const ok: ProofValues = { photos: { 1: [photo], 2: [photo] }, condition: 'good', reservations: '', signerName: 'Jan Peeters', signature: png };

  it('needs a photo per package, reservations in words with that condition, the signer’s name and a signature', () => {
    expect(validateProof(ok, [1, 2])).toEqual({});
    expect(validateProof({ ...ok, photos: { 1: [photo] } }, [1, 2])).toEqual({ 'photos.2': 'photoRequired' });
    expect(validateProof({ ...ok, photos: { 1: Array(6).fill(photo), 2: [photo] } }, [1, 2])).toEqual({ 'photos.1': 'tooManyPhotos' });
    expect(validateProof({ ...ok, condition: 'reservations', reservations: '  ' }, [1, 2])).toEqual({ reservations: 'reservationsRequired' });
    expect(validateProof({ ...ok, condition: 'reservations', reservations: 'Hoek beschadigd' }, [1, 2])).toEqual({});
    expect(validateProof({ ...ok, signerName: ' ', signature: null }, [1, 2])).toEqual({ signerName: 'signerRequired', signature: 'signatureRequired' });
  });

  it('says on screen what is missing and queues nothing', async () => {
    driverApi(profile({ status: 'approved' }));
    const { bodies } = jobServer(304, 'loading');
    const { user } = renderApp('/my-jobs/304/proof/pickup');
    await user.click(await screen.findByRole('button', { name: 'Bewijs opslaan en geladen' }));
    expect(await screen.findByText('Neem minstens één foto van dit pakket.')).toBeVisible();
    expect(screen.getByText('Vul de naam in.')).toBeVisible();
    expect(screen.getByText('Laat hier tekenen.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Met voorbehoud' }));
    await user.click(screen.getByRole('button', { name: 'Bewijs opslaan en geladen' }));
    expect(await screen.findByText('Beschrijf het voorbehoud.')).toBeVisible();
    expect((await offlineQueue().snapshot()).pending.filter((e) => e.action.shipmentId === 304)).toEqual([]);
    expect(bodies).toEqual([]);
  });

  it('exports the drawn signature as PNG bytes, and nothing while the pad is empty', () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
    let asked = '';
    const drawn = { isEmpty: () => false, toDataURL: (type?: string) => ((asked = type ?? ''), url) };
    const file = exportSignature(drawn)!;
    expect(asked).toBe('image/png');
    expect(file).toMatchObject({ field: 'signature', name: 'signature.png', type: 'image/png' });
    expect([...new Uint8Array(file.bytes)]).toEqual(bytes);
    expect(exportSignature({ isEmpty: () => true, toDataURL: () => url })).toBeNull();
    expect(dataUrlBytes('data:image/jpeg;base64,AAE=').type).toBe('image/jpeg');
  });
});

describe('the queue wiring', () => {
  it('sends a saved proof with its files and taken_at, then the position, then the state change, in that order', async () => {
    const seen: string[] = [];
    let content: Record<string, unknown> | null = null;
    let files: string[] = [];
    server.use(
      http.post('*/api/driver/shipment/305/proof', async ({ request }) => {
        const form = await request.formData();
        content = JSON.parse(String(form.get('content')));
        files = [...form.keys()].filter((k) => k !== 'content');
        seen.push('proof');
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
      http.post('*/api/driver/shipment/305/location', () => (seen.push('location'), new HttpResponse(null, { status: 204 }))),
      http.post('*/api/driver/shipment/305/status', async ({ request }) => (seen.push(`status:${((await request.json()) as { state: string }).state}`), HttpResponse.json({}))),
    );
    setOnline(false);
    const f = (name: string, type: string) => ({ field: '', name, type, bytes: new TextEncoder().encode(name).buffer });
    await queueProof(
      305,
      {
        kind: 'pickup',
        fix: { lat: 50.93, lng: 5.34, accuracy: 12, at: Date.now() },
        signerName: ' Jan Peeters ',
        condition: 'reservations',
        reservations: 'Hoek beschadigd',
        photos: [{ packageId: 1, files: [f('a.jpg', 'image/jpeg'), f('b.jpg', 'image/jpeg')] }],
        signature: f('signature.png', 'image/png'),
      },
      'loaded',
    );
    expect((await offlineQueue().snapshot()).pending.map((e) => e.action.kind)).toEqual(['proof', 'position', 'state']);
    setOnline(true);
    await waitFor(() => expect(seen).toEqual(['proof', 'location', 'status:loaded']));
    expect(content).toMatchObject({
      kind: 'pickup',
      client_id: expect.any(String),
      taken_at: expect.any(Number),
      lat: 50.93,
      lng: 5.34,
      accuracy_m: 12,
      signer_name: 'Jan Peeters',
      condition: 'reservations',
      reservations: 'Hoek beschadigd',
      packages: [{ package_id: 1, photos: ['photo_1_1', 'photo_1_2'] }],
      signature: 'signature',
    });
    expect(content).not.toHaveProperty('at');
    expect(files).toEqual(['photo_1_1', 'photo_1_2', 'signature']);
  });
});
