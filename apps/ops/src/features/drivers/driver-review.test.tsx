import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverReview } from '@vm/domain';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { router } from '../../app/router.tsx';
import { clearOpsSession, storeOpsSession } from '../../lib/ops-session.ts';

// Issue 21 part 1: staff verify a driver in the back office: the queue, the driver page (vehicles
// with the licence rule, documents with an expired one standing out, the file fetched with the
// staff token), a refusal that needs its reason, and approval; the queue follows.

const staff = { id: 3, email: 'sam@ops.be', name: 'Sam Support', role: 'support' as const, has_password: true, passkeys: 1 };

beforeEach(() => storeOpsSession({ token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff }));
afterEach(() => {
  cleanup();
  clearOpsSession();
  vi.unstubAllGlobals();
});

function renderApp(path: string) {
  const memory = createMemoryRouter(router.routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={memory} />
    </QueryClientProvider>,
  );
  return memory;
}

const summary = { id: 42, name: 'Piet Peeters', email: 'piet@peeters.be', kind: 'company' as const, company_name: 'Peeters Transport BV', status: 'pending' as const, waiting_since: 1_795_600_000, documents_pending: 3 };
const review = (over: Partial<DriverReview> = {}): DriverReview => ({
  ...summary,
  phone: '+32470123456',
  locale: 'nl',
  profile: { kind: 'company', company_name: 'Peeters Transport BV', company_number: '0403170701', vat: 'BE0403170701', vat_exempt: false, iban: 'BE68539007547034', status: 'pending', refusal_reason: null, vehicles: 1, missing_documents: [], commission_percent: 12, self_billing_accepted_at: 1795000000 },
  vehicles: [{ id: 7, type: 'truck', name: 'DAF LF', plate: '2-XYZ-987', payload_kg: 5000, max_mass_kg: 12000, load_length_cm: 620, load_width_cm: 245, load_height_cm: 240, licence_number: 'EU-123456', licence_expires: '2099-06-30', needs_licence: true }],
  documents: [
    { id: 11, kind: 'driving_licence', expires: '2099-01-31', status: 'pending', content_type: 'application/pdf', size_bytes: 1200, uploaded_at: 1_795_600_000 },
    { id: 12, kind: 'cmr_insurance', expires: '2020-12-31', status: 'pending', content_type: 'application/pdf', size_bytes: 1200, uploaded_at: 1_795_600_000 },
    { id: 13, kind: 'transport_licence', expires: '2099-06-30', status: 'pending', content_type: 'application/pdf', size_bytes: 1200, uploaded_at: 1_795_600_000 },
  ],
  required: ['driving_licence', 'cmr_insurance', 'transport_licence'],
  given_back: { total: 3, last_90_days: 2 },
  ...over,
});

function backOffice() {
  let queue = [summary];
  const decisions: unknown[] = [];
  const fileAuth: (string | null)[] = [];
  server.use(
    http.get('/api/ops/drivers', ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer staff-token');
      return HttpResponse.json({ drivers: queue });
    }),
    http.get('/api/ops/drivers/42', () => HttpResponse.json(review())),
    http.get('/api/ops/drivers/42/documents/:documentId/file', ({ request }) => {
      fileAuth.push(request.headers.get('authorization'));
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { headers: { 'content-type': 'application/pdf' } });
    }),
    http.post('/api/ops/drivers/42/decision', async ({ request }) => {
      const body = (await request.json()) as { decision: string; reason?: string };
      decisions.push(body);
      queue = [];
      const status = body.decision === 'approve' ? 'approved' : 'refused';
      return HttpResponse.json(review({ status, documents_pending: 0, profile: { ...review().profile, status, refusal_reason: body.reason ?? null } }));
    }),
  );
  return { decisions, fileAuth };
}

describe('verifying a driver', () => {
  it('shows the queue and the driver; opens a document with the staff token; a refusal needs its reason; the queue empties', async () => {
    const { decisions, fileAuth } = backOffice();
    const open = vi.fn(() => ({ opener: {} }));
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc-12');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderApp('/drivers');

    expect(await screen.findByRole('heading', { name: 'Chauffeurs te controleren' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Piet Peeters/ });
    expect(within(row).getByText('Peeters Transport BV')).toBeInTheDocument();
    expect(within(row).getByText('Controle van het account')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Piet Peeters' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Peeters' })).toBeInTheDocument();
    expect(screen.getByText('BE68539007547034')).toBeInTheDocument();
    // How often they gave accepted jobs back (issue 22), for staff to weigh.
    expect(screen.getByText('3 (waarvan 2 in de laatste 90 dagen)')).toBeInTheDocument();
    const truck = screen.getByRole('row', { name: /DAF LF/ });
    expect(within(truck).getByText('Vergunning nodig')).toBeInTheDocument();
    // The expired CMR cover stands out; the valid licence does not.
    const cmr = screen.getByRole('row', { name: /Verzekeringsattest \(CMR\)/ });
    expect(within(cmr).getByText('Vervallen')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^Rijbewijs/ })).queryByText('Vervallen')).not.toBeInTheDocument();

    await user.click(within(cmr).getByRole('button', { name: /Verzekeringsattest \(CMR\) openen/ }));
    expect(await within(cmr).findByRole('link', { name: /nieuw tabblad/ })).toHaveAttribute('href', 'blob:http://localhost/doc-12');
    expect(open).toHaveBeenCalledWith('blob:http://localhost/doc-12', '_blank');
    expect(fileAuth).toEqual(['Bearer staff-token']);

    // Refusing asks for a reason, of at least 10 characters, before anything is sent.
    const reason = screen.getByLabelText('Reden (de chauffeur leest dit)');
    await user.click(screen.getByRole('button', { name: 'Weigeren met deze reden' }));
    expect(reason).toHaveAccessibleDescription(/Dit veld is verplicht\./);
    await user.type(reason, 'Onscherp');
    await user.click(screen.getByRole('button', { name: 'Weigeren met deze reden' }));
    expect(reason).toHaveAccessibleDescription(/minstens 10 tekens uit waarom/);
    expect(decisions).toEqual([]);
    await user.clear(reason);
    await user.type(reason, 'Je CMR-verzekeringsattest is vervallen.');
    await user.click(screen.getByRole('button', { name: 'Weigeren met deze reden' }));

    expect(await screen.findByText('De chauffeur is geweigerd en krijgt de reden te lezen.')).toHaveFocus();
    expect(decisions).toEqual([{ decision: 'refuse', reason: 'Je CMR-verzekeringsattest is vervallen.' }]);
    expect(screen.getByText('Geweigerd', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('Je CMR-verzekeringsattest is vervallen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Terug naar de chauffeurs te controleren' }));
    expect(await screen.findByText('Er wachten geen chauffeurs op controle.')).toBeInTheDocument();
  });

  it('approves a waiting driver and shows the outcome', async () => {
    const { decisions } = backOffice();
    const user = userEvent.setup();
    renderApp('/drivers/42');
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByText('De chauffeur is goedgekeurd en krijgt bericht.')).toHaveFocus();
    expect(decisions).toEqual([{ decision: 'approve' }]);
    expect(screen.getByText('Goedgekeurd', { selector: '.badge' })).toBeInTheDocument();
  });

  it('shows the server’s refusal, and an unknown driver as not found', async () => {
    server.use(
      http.get('/api/ops/drivers/42', () => HttpResponse.json(review())),
      http.post('/api/ops/drivers/42/decision', () => HttpResponse.json({ error: 'conflict', error_description: 'Deze chauffeur wacht niet op een beslissing.' }, { status: 409 })),
      http.get('/api/ops/drivers/5', () => HttpResponse.json({ error: 'not_found', error_description: 'Niet gevonden.' }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderApp('/drivers/42');
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze chauffeur wacht niet op een beslissing.');
    cleanup();
    renderApp('/drivers/5');
    expect(await screen.findByRole('heading', { name: 'Chauffeur niet gevonden' })).toBeInTheDocument();
  });
});
