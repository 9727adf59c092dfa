import { act, screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { PushRead } from '@vm/domain/events';
import type { BoardItem } from '@vm/domain/job-board';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverApi, job, profile, renderApp, resetApp } from '../../test-app.tsx';

// The stream is replaced by a hand-fed one: the test decides when an event "arrives".
const streamListeners = vi.hoisted(() => new Set<(p: unknown) => void>());
vi.mock('@vm/client/event-stream.ts', async () => {
  const { useEffect } = await import('react');
  return {
    useEventStreamWhileSignedIn: () => undefined,
    usePushListener: (listener: (p: unknown) => void) =>
      useEffect(() => {
        streamListeners.add(listener);
        return () => void streamListeners.delete(listener);
      }, [listener]),
  };
});
/**
 * A push from the event stream, inside act. user-event's and waitFor's wrappers switch React's act
 * environment off while they run; under load one can still be settling when the push comes, and act
 * then logged "not configured to support act" (this test flaked so in CI): the push always gets one.
 */
const arrive = (p: PushRead) => {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const was = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    act(() => streamListeners.forEach((l) => l(p)));
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = was;
  }
};

const item = (over: Partial<BoardItem> = {}): BoardItem => ({ ...job(), distance_km: 12.3, detour_km: null, ...over });
const location = (zip: string, city: string, lat = 51, lng = 4) => ({ lat, lng, notes: '', address: { name: '', street: '', number: '', box: '', zip, city, country: 'BE', formatted: `${zip} ${city}` } });
const place = (city: string, lat: number, lng: number) => ({ street: '', number: '', box: '', zip: '', city, country: 'BE', lat, lng, formatted: city, precision: 'locality' as const, attribution: '' });

/** The board's answers; each request's querystring is kept. */
function boardApi(answer: (q: URLSearchParams) => { items: BoardItem[]; reason: 'no_vehicle' | null; next_offset: number | null }) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/driver/board', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      return HttpResponse.json(answer(q));
    }),
    // The map's base layer: no tile server and no basemap here (the map still draws its pins).
    http.get('*/api/config', () => new HttpResponse(null, { status: 503 })),
    http.get('*/api/geo/basemap', () => new HttpResponse(null, { status: 503 })),
  );
  return asked;
}

/** The phone's Geolocation: a position (with its accuracy) or a refusal. */
function geolocation(answer: { lat: number; lng: number; accuracy: number } | 'denied') {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        if (answer === 'denied') fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
        else ok({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: answer.accuracy }, timestamp: Date.now() } as GeolocationPosition);
      },
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => resetApp());

describe('the job board', () => {
  it('near the phone’s position: the radius and the order are asked for, a new job arrives live, is announced and highlighted, and the choice is remembered', async () => {
    driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
    geolocation({ lat: 50.93, lng: 5.33, accuracy: 30 });
    let items = [item()];
    const asked = boardApi(() => ({ items, reason: null, next_offset: null }));
    const { user } = renderApp('/work');

    const list = await screen.findByTestId('board-list');
    expect(within(list).getByRole('link', { name: 'Bekijk rit VM-77' })).toHaveTextContent('2000 Antwerpen → 9000 Gent');
    expect(list).toHaveTextContent('1 pakket · op 12,3 km');
    expect(screen.getByTestId('board-position')).toHaveTextContent('tot op ongeveer 30 m');
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ lat: '50.93', lng: '5.33', radius_km: '25', sort: 'newest', offset: '0' });

    await user.selectOptions(screen.getByLabelText('Binnen'), '50 km');
    await user.selectOptions(screen.getByLabelText('Volgorde'), 'Dichtste eerst');
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ radius_km: '50', sort: 'nearest' }));

    // A matching job is booked: the event refreshes the board, no reload.
    items = [item({ id: 78, reference_id: 'VM-78', pickup_location: location('3500', 'Hasselt'), distance_km: 2 }), ...items];
    await arrive({ id: 1, type: 'board.job.new', shipment_id: 78, created_at: 1, read_at: null, json_message: { nl: '', fr: '', en: '' }, payload: { reference: 'VM-78', pickup_zip: '3500', pickup_city: 'Hasselt', delivery_zip: '9000', delivery_city: 'Gent' } });
    const fresh = await screen.findByRole('link', { name: 'Bekijk rit VM-78' });
    expect(fresh.closest('li')).toHaveTextContent('Nieuw');
    expect(screen.getByTestId('board-announcement')).toHaveTextContent('Nieuwe rit: 3500 Hasselt → 9000 Gent');
    expect(screen.getByTestId('board-announcement')).toHaveAttribute('aria-live', 'polite');

    // The map shows a pin per pickup.
    await user.click(screen.getByRole('radio', { name: 'Kaart' }));
    expect(await screen.findByRole('region', { name: 'Kaart van de gevonden ritten (2)' })).toHaveAttribute('data-pins', '2');

    expect(JSON.parse(localStorage.getItem('vm.driver.board')!)).toMatchObject({ mode: 'position', radius: 50, sort: 'nearest', view: 'map' });
  });

  it('when the position is refused, says so and offers the route: from and to picked from suggestions, with a detour', async () => {
    driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
    geolocation('denied');
    const asked = boardApi((q) => ({ items: q.has('from_lat') ? [item({ distance_km: 4, detour_km: 6.5 })] : [], reason: null, next_offset: null }));
    server.use(http.get('*/api/geo/autocomplete', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('q')!.startsWith('Ant') ? [place('Antwerpen', 51.22, 4.4)] : [place('Brussel', 50.85, 4.35)])));
    const { user } = renderApp('/work');

    expect(await screen.findByRole('alert')).toHaveTextContent('Je deelt je positie niet met deze app');
    await user.click(screen.getByRole('button', { name: 'Zoek langs een route' }));
    await user.type(screen.getByRole('combobox', { name: 'Van' }), 'Antw');
    await user.click(await screen.findByRole('option', { name: /Antwerpen/ }));
    await user.type(screen.getByRole('combobox', { name: 'Naar' }), 'Brus');
    await user.click(await screen.findByRole('option', { name: /Brussel/ }));
    await user.selectOptions(screen.getByLabelText('Omweg hoogstens'), '25 km');

    expect(await screen.findByTestId('board-list')).toHaveTextContent('6,5 km omweg');
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ from_lat: '51.22', from_lng: '4.4', to_lat: '50.85', to_lng: '4.35', detour_km: '25' }));
    expect(asked.every((q) => !q.has('lat'))).toBe(true);
    expect(JSON.parse(localStorage.getItem('vm.driver.board')!)).toMatchObject({ mode: 'route', detour: 25, from: { label: 'Antwerpen' }, to: { label: 'Brussel' } });
  });

  it('a driver without a vehicle is told why the board is empty, with a link to add one', async () => {
    driverApi(profile({ status: 'incomplete', vehicles: 0 }));
    geolocation({ lat: 50.93, lng: 5.33, accuracy: 12 });
    boardApi(() => ({ items: [], reason: 'no_vehicle', next_offset: null }));
    renderApp('/work');
    expect(await screen.findByTestId('board-no-vehicle')).toHaveTextContent('voeg eerst een voertuig toe');
    expect(screen.getByRole('link', { name: 'Voertuig toevoegen' })).toHaveAttribute('href', '/account/vehicles/new');
  });

  it('pages on with “more”', async () => {
    driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
    geolocation({ lat: 50.93, lng: 5.33, accuracy: 12 });
    boardApi((q) => (q.get('offset') === '0' ? { items: [item()], reason: null, next_offset: 1 } : { items: [item({ id: 79, reference_id: 'VM-79' })], reason: null, next_offset: null }));
    const { user } = renderApp('/work');
    await user.click(await screen.findByRole('button', { name: 'Meer ritten tonen' }));
    expect(await screen.findByRole('link', { name: 'Bekijk rit VM-79' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Meer ritten tonen' })).toBeNull();
  });
});
