import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { queryClient } from '@vm/client/query-client.ts';
import { writeToken } from '@vm/client/token-store.ts';
import type { DriverProfileRead, VehicleRead } from '@vm/domain/driver-joining';
import type { DriverJobRead } from '@vm/domain/marketplace';
import { ToastProvider } from '@vm/ui/toast.tsx';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from './app/router.tsx';

/** The whole app at a route, as a phone shows it (the tests mount it in a memory router). */
export function renderApp(path: string, { signedIn = true } = {}) {
  if (signedIn) writeToken({ access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 900_000 });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

export function resetApp() {
  cleanup();
  writeToken(null);
  queryClient.clear();
}

export const driverUser = { id: 7, first_name: 'Fatima', last_name: 'El Amrani', email: 'fatima@example.be', locale: 'nl' };

export const profile = (over: Partial<DriverProfileRead> = {}): DriverProfileRead => ({
  kind: 'person',
  company_name: '',
  company_number: '0403170701',
  vat: '',
  vat_exempt: true,
  iban: 'BE68539007547034',
  status: 'incomplete',
  refusal_reason: null,
  vehicles: 0,
  missing_documents: ['driving_licence', 'cmr_insurance'],
  commission_percent: 12,
  self_billing_accepted_at: 1_795_000_000,
  ...over,
});

export const vehicle = (over: Partial<VehicleRead> = {}): VehicleRead => ({
  id: 3,
  type: 'van',
  name: 'Ford Transit',
  plate: '1-ABC-123',
  payload_kg: 450,
  max_mass_kg: 2400,
  load_length_cm: 300,
  load_width_cm: 170,
  load_height_cm: 170,
  licence_number: '',
  licence_expires: '',
  needs_licence: false,
  ...over,
});

const location = (zip: string, city: string) => ({ lat: 51, lng: 4, notes: '', address: { name: '', street: '', number: '', box: '', zip, city, country: 'BE', formatted: `${zip} ${city}` } });

export const job = (over: Partial<DriverJobRead> = {}): DriverJobRead => ({
  id: 77,
  reference_id: 'VM-77',
  current_state: { state: 'new' },
  states: [{ state: 'new', created_at: 1_700_000_000 }],
  pickup_date_from: 1_700_100_000,
  pickup_date_till: 1_700_110_000,
  pickup_timezone: 'Europe/Brussels',
  delivery_date_from: 1_700_200_000,
  delivery_date_till: 1_700_210_000,
  delivery_timezone: 'Europe/Brussels',
  pickup_location: location('2000', 'Antwerpen'),
  delivery_location: location('9000', 'Gent'),
  current_location: null,
  route: { points: '', distance: 60_000, duration: 3_600, estimated: false },
  driver_route: null,
  packages: [
    { id: 1, type: 'boxed', description: 'Dozen boeken', notes: '', width: 40, height: 30, length: 50, weight: 12, tags: [], pallet_type: null, must_be_traded: false, attachments: [] },
  ],
  insurance: 'all_1250',
  ratings: [],
  running_late: [],
  created_at: 1_700_000_000,
  my_offer: null,
  ...over,
});

/** A signed-in driver: GET /api/user and the profile; more answers per test. */
export function driverApi(p: DriverProfileRead | null = profile()) {
  server.use(
    http.get('*/api/user', () => HttpResponse.json(driverUser)),
    http.get('*/api/driver/profile', () => HttpResponse.json({ profile: p })),
    http.get('*/api/driver/vehicles', () => HttpResponse.json({ vehicles: [] })),
    // Issue 22: the Earnings page lists the driver's self-billed invoices.
    http.get('*/api/invoices', () => HttpResponse.json({ invoices: [] })),
    // The Earnings page lists the weekly statements (issue 22).
    http.get('*/api/driver/statements', () => HttpResponse.json({ weeks: [] })),
    // Driver board helper (issue 21 part 2 and 4): Account's notifications section reads the
    // settings; the Work tab's live stream gets no token here (it retries quietly).
    http.get('*/api/driver/push/settings', () => HttpResponse.json({ new_job: true, offer_result: true, chat_message: true, document_expiring: true, job_problem: true })),
    http.post('*/api/firebase_token', () => new HttpResponse(null, { status: 503 })),
    // Issue 23: an accepted job's page reads its problem; none unless a test says so.
    http.get('*/api/driver/shipment/:id/problem', () => HttpResponse.json({ problem: null, may_answer: false })),
    // Issue 23 part 2: the layout reads the account's standing (a test restricts it with server.use).
    http.get('*/api/user/restrictions', () => HttpResponse.json({ standing: 'none', restrictions: [] })),
  );
}

/** The phone's position for the job board (Geolocation), and the board's answer with these jobs. */
export function boardWith(jobs: DriverJobRead[], at = { lat: 50.93, lng: 5.33, accuracy: 20 }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: at.lat, longitude: at.lng, accuracy: at.accuracy }, timestamp: Date.now() } as GeolocationPosition) },
  });
  server.use(http.get('*/api/driver/board', () => HttpResponse.json({ items: jobs.map((j) => ({ ...j, distance_km: 5, detour_km: null })), reason: null, next_offset: null })));
}
