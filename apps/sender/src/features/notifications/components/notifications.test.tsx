import type { PushRead } from '@vm/domain/events';
import { act, cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { writeToken } from '@vm/client/token-store.ts';
import { nl } from '../../../locales/nl.ts';
import { PushBell } from './push-bell.tsx';
import { OutcomeBoxes } from './outcome-boxes.tsx';
import { PushToasts } from './push-toasts.tsx';

// The stream is replaced by a hand-fed one: the test decides when a push "arrives".
const streamListeners = vi.hoisted(() => new Set<(p: unknown) => void>());
vi.mock('@vm/client/event-stream.ts', async () => {
  const { useEffect } = await import('react');
  return {
    eventStream: { seededPushes: () => [] },
    usePushListener: (listener: (p: unknown) => void) =>
      useEffect(() => {
        streamListeners.add(listener);
        return () => void streamListeners.delete(listener);
      }, [listener]),
  };
});
const arrive = (p: PushRead) => act(() => streamListeners.forEach((l) => l(p)));

const push = (id: number, read: boolean, type: PushRead['type'] = 'shipment.offer.new', shipment_id: number | null = 7): PushRead => ({
  id,
  type,
  shipment_id,
  created_at: 1_717_236_000 + id * 60, // 1 June 2024, 12:00 in Brussels, plus id minutes
  read_at: read ? 1_717_300_000 : null,
  json_message: { nl: `Nieuw bod ${id} op VM-7`, fr: `Offre ${id}`, en: `New offer ${id} on VM-7` },
  payload: { reference: 'VM-7', offer_id: id, driver_name: 'Jan P.', total: 145.2 },
});

let pushes: PushRead[] = [];
let markAllCalls = 0;
let markOne: number[] = [];
const unreadCount = () => pushes.filter((p) => p.read_at === null).length;
const handlers = [
  http.get('*/api/pushes', () => HttpResponse.json({ items: [...pushes].reverse(), unread_count: unreadCount(), next_before: null })),
  http.post('*/api/pushes/read', () => {
    markAllCalls += 1;
    pushes = pushes.map((p) => ({ ...p, read_at: p.read_at ?? 1_717_400_000 }));
    return HttpResponse.json({ unread_count: 0 });
  }),
  http.post('*/api/pushes/:id/read', ({ params }) => {
    markOne.push(Number(params.id));
    pushes = pushes.map((p) => (p.id === Number(params.id) ? { ...p, read_at: 1_717_400_000 } : p));
    return HttpResponse.json({ unread_count: unreadCount() });
  }),
];
beforeEach(() => server.use(...handlers));

beforeEach(() => {
  pushes = [push(1, true), push(2, false), push(3, false), push(4, false)];
  markAllCalls = 0;
  markOne = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

/** The component at '/', a job page at /jobs/:id, with the app's providers around them. */
function renderAt(element: ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/jobs/:id', element: <h1>Opdrachtpagina</h1> },
  ]);
  const { user } = renderWithProviders(<RouterProvider router={router} />);
  return { router, user };
}

describe('push bell', () => {
  it('shows the unread count, lists the pushes newest first with their time, and opening the list reads them', async () => {
    const { user } = renderAt(<PushBell />);
    const bell = await screen.findByRole('button', { name: 'Meldingen, 3 ongelezen' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('3')).toBeInTheDocument();

    await user.click(bell);
    const panel = screen.getByRole('region', { name: nl.notifications.title });
    const cards = within(panel).getAllByRole('button', { name: /Nieuw bod/ });
    expect(cards.map((c) => (c.textContent ?? '').replace('Ongelezen: ', ''))).toEqual([
      '01/06 12:04Nieuw bod 4 op VM-7',
      '01/06 12:03Nieuw bod 3 op VM-7',
      '01/06 12:02Nieuw bod 2 op VM-7',
      '01/06 12:01Nieuw bod 1 op VM-7',
    ]);
    // Issue 20, defect 9: the bell reached 38 unread in one session, as opening it marked nothing read.
    expect(await screen.findByRole('button', { name: 'Meldingen' })).toBeInTheDocument();
    expect(markAllCalls).toBe(1);
    expect(screen.queryByText('3')).toBeNull();
    expect(within(panel).getByRole('button', { name: nl.notifications.markAll })).toBeDisabled();
  });

  it('clicking a card opens its job, read', async () => {
    const { router, user } = renderAt(<PushBell />);
    await user.click(await screen.findByRole('button', { name: 'Meldingen, 3 ongelezen' }));
    await user.click(screen.getByRole('button', { name: /Nieuw bod 3/ }));
    expect(await screen.findByRole('heading', { name: 'Opdrachtpagina' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs/7');
    expect(pushes.find((p) => p.id === 3)?.read_at).not.toBeNull();
    // Opened, the list was read at once: no second call for the one clicked.
    expect(markAllCalls + markOne.length).toBe(1);
  });
});

describe('push toasts', () => {
  it('shows a listed push as a toast; clicking it opens the job', async () => {
    const { router, user } = renderAt(<PushToasts />);
    arrive(push(9, false, 'shipment.offer.new', 12));
    const toast = await screen.findByRole('button', { name: 'Nieuw bod 9 op VM-7' });
    await user.click(toast);
    expect(await screen.findByRole('heading', { name: 'Opdrachtpagina' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs/12');
    expect(screen.queryByRole('button', { name: 'Nieuw bod 9 op VM-7' })).toBeNull();
  });

  it('one message per event: no toast for a push about the job on screen, nor for one that gets a box', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <PushToasts /> },
        {
          path: '/jobs/:id',
          element: (
            <>
              <PushToasts />
              <h1>Opdrachtpagina</h1>
            </>
          ),
        },
      ],
      { initialEntries: ['/jobs/7'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    // On job 7's page: its new offer shows there already; a payment failure gets its box.
    arrive(push(20, false, 'shipment.offer.new', 7));
    arrive({ ...push(21, false, 'payment.failed', 12), json_message: { nl: 'Betaling mislukt', fr: 'Échec', en: 'Failed' } });
    // Another job's offer is news.
    arrive(push(22, false, 'shipment.offer.new', 8));
    expect(await screen.findByRole('button', { name: 'Nieuw bod 22 op VM-7' })).toBeInTheDocument();
    expect(screen.queryByText('Nieuw bod 20 op VM-7')).toBeNull();
    expect(screen.queryByText('Betaling mislukt')).toBeNull();
  });

  it('shows no toast for stream-only events (a position, a payment already told by its receipt)', async () => {
    renderAt(<PushToasts />);
    arrive({ ...push(10, false), type: 'shipment.location', json_message: { nl: 'positie', fr: 'position', en: 'position' }, payload: { lat: 51, lng: 4 } });
    arrive({ ...push(11, false), type: 'payment.succeeded', json_message: { nl: 'betaald', fr: 'payé', en: 'paid' } });
    arrive(push(12, false));
    expect(await screen.findByRole('button', { name: 'Nieuw bod 12 op VM-7' })).toBeInTheDocument();
    expect(screen.queryByText('positie')).toBeNull();
    expect(screen.queryByText('betaald')).toBeNull();
  });
});

describe('outcome boxes', () => {
  const failed = (id: number, shipment: number): PushRead => ({ ...push(id, false, 'payment.failed', shipment), json_message: { nl: `Betaling ${id} mislukt`, fr: 'Échec', en: 'Failed' } });

  it('a payment outcome stays in a box on the page where it arrived, not on the pages after it, nor on its own job', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <OutcomeBoxes /> },
        { path: '/jobs/:id', element: <OutcomeBoxes /> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    arrive(failed(30, 12));
    expect(await screen.findByText('Betaling 30 mislukt')).toBeInTheDocument();
    // Issue 20, defect 9: the boxes followed the sender to every page until closed.
    await act(() => router.navigate('/jobs/5'));
    expect(screen.queryByText('Betaling 30 mislukt')).toBeNull();
    // On the job it is about, the page says it (the job shows the payment): no box.
    await act(() => router.navigate('/jobs/12'));
    arrive(failed(31, 12));
    arrive(failed(32, 5));
    expect(await screen.findByText('Betaling 32 mislukt')).toBeInTheDocument();
    expect(screen.queryByText('Betaling 31 mislukt')).toBeNull();
  });
});
