import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { ProblemCase, ProblemSummary } from '@vm/domain/problems';
import type { StaffRole } from '@vm/domain/staff';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { router } from '../../app/router.tsx';
import { clearOpsSession, storeOpsSession } from '../../lib/ops-session.ts';

// Issue 23 part 1: staff read a problem's case in the back office (job facts, statements and the
// timeline in time order with its photos fetched with the staff token) and finance decides it with
// a reason and a confirmation naming the amounts; support staff read but see no decision form.

const signIn = (role: StaffRole) =>
  storeOpsSession({ token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff: { id: 4, email: 'fien@ops.be', name: 'Fien Financiën', role, has_password: true, passkeys: 1 } });

let blobs = 0;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/photo-${++blobs}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  clearOpsSession();
});

function renderApp(path: string) {
  const memory = createMemoryRouter(router.routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={memory} />
    </QueryClientProvider>,
  );
  return memory;
}

// Sunday 22 November 2026, 10:00 UTC: 11:00 in Brussels.
const T0 = Date.UTC(2026, 10, 22, 10, 0) / 1000;
const summary: ProblemSummary = { id: 7, shipment_id: 31, reference: 'VM-000031', kind: 'damage', status: 'open', reported_at: T0 + 3600, sender_name: 'Sara Smet', driver_name: 'Piet Peeters', held: 120.5, answered: true };
const party = (id: number, name: string, email: string) => ({ id, name, email, phone: '+32470000000', company: null });
const theCase = (over: { insurance?: ProblemCase['job']['insurance']; decided?: boolean } = {}): ProblemCase => ({
  problem: {
    id: 7,
    shipment_id: 31,
    reference: 'VM-000031',
    kind: 'damage',
    status: over.decided ? 'decided' : 'open',
    reported_at: T0 + 3600,
    packages: [91],
    statements: [
      { id: 1, party: 'sender', text: 'De zetel is gescheurd aan de linkerkant.', created_at: T0 + 3600, photos: [{ id: 5, package_id: 91, url: '/api/ops/problems/7/file/s1.jpg' }] },
      { id: 2, party: 'driver', text: 'De zetel was al beschadigd bij het ophalen.', created_at: T0 + 7200, photos: [] },
    ],
    decision: over.decided ? { outcome: 'refund', refund: 60.25, released: 60.25, reason: 'De foto’s tonen schade die bij het laden ontstond.', decided_at: T0 + 9000, insurance_cover: null } : null,
  },
  job: {
    shipment_id: 31,
    reference: 'VM-000031',
    state: 'delivered',
    pickup: 'Gent',
    delivery: 'Leuven',
    packages: [{ id: 91, description: 'Zetel', type: 'large' }],
    charged: 120.5,
    held: over.decided ? 0 : 120.5,
    refunded: over.decided ? 60.25 : 0,
    insurance: over.insurance ?? { choice: 'cmr', kind: 'basic', cover: 500 },
    sender: party(2, 'Sara Smet', 'sara@smet.be'),
    driver: party(3, 'Piet Peeters', 'piet@peeters.be'),
  },
  // Sent out of order on purpose: the page shows them in time order.
  timeline: [
    { at: T0 - 1800, kind: 'proof', actor: 'driver', text: 'Levering bevestigd', photos: [{ url: '/api/ops/problems/7/file/delivery.jpg', label: 'Foto bij de levering' }] },
    { at: T0 - 7200, kind: 'proof', actor: 'driver', text: 'Opgehaald', photos: [{ url: '/api/ops/problems/7/file/pickup.jpg', label: 'Foto bij het ophalen' }] },
    { at: T0 + 3600, kind: 'statement', actor: 'sender', text: 'Schade gemeld', photos: [] },
  ],
  positions: [
    { at: T0 - 7000, lat: 51.05, lng: 3.72 },
    { at: T0 - 1900, lat: 50.88, lng: 4.7 },
  ],
  note_url: '/api/ops/problems/7/consignment-note.pdf',
  claim_file_url: '/api/ops/problems/7/claim-file.zip',
});

function backOffice(opts: { case?: ProblemCase; decision?: (body: unknown) => Response } = {}) {
  const decisions: unknown[] = [];
  const fileAuth: (string | null)[] = [];
  server.use(
    http.get('/api/ops/problems', ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer staff-token');
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({ problems: status === 'open' ? [summary] : [] });
    }),
    http.get('/api/ops/problems/7', () => HttpResponse.json(opts.case ?? theCase())),
    http.get('/api/ops/problems/7/file/:file', ({ request }) => {
      fileAuth.push(request.headers.get('authorization'));
      return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
    }),
    http.post('/api/ops/problems/7/decision', async ({ request }) => {
      const body = await request.json();
      decisions.push(body);
      return opts.decision ? opts.decision(body) : HttpResponse.json(theCase({ decided: true }));
    }),
  );
  return { decisions, fileAuth };
}

describe('problems in the back office', () => {
  it('finance reads the queue and the case, the timeline in order with its photos, and refunds half with a reason after confirming', async () => {
    signIn('finance');
    const { decisions, fileAuth } = backOffice();
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('link', { name: 'Problemen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Problemen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Open problemen, oudste melding eerst' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Referentie', 'Soort', 'Gemeld', 'Verzender', 'Chauffeur', 'Bewaard bedrag', 'Chauffeur antwoordde']);
    const row = within(table).getByRole('row', { name: /VM-000031/ });
    expect(within(row).getByText('Schade')).toBeInTheDocument();
    expect(within(row).getByText('Ja')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Dossier VM-000031' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Probleem met opdracht VM-000031' })).toBeInTheDocument();
    expect(screen.getByText('Gent → Leuven')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sara@smet.be' })).toHaveAttribute('href', 'mailto:sara@smet.be');
    expect(screen.getByRole('button', { name: 'Vrachtbrief (pdf)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schadedossier (ZIP)' })).toBeInTheDocument();
    expect(screen.getByText(/2 posities, de eerste op .*09:03, de laatste op .*10:28\./)).toBeInTheDocument();

    // The timeline in time order, Brussels time, photos as thumbnails with their alt texts opening the full photo.
    const timeline = within(screen.getByRole('region', { name: 'Tijdlijn' })).getAllByRole('list')[0]!;
    const entries = Array.from(timeline.children).map((li) => li.querySelector('.timeline-text')?.textContent);
    expect(entries).toEqual(['Opgehaald', 'Levering bevestigd', 'Schade gemeld']);
    expect(timeline.children[0]).toHaveTextContent(/09:00 · Chauffeur · Bewijs/);
    const pickup = await within(timeline).findByRole('img', { name: 'Foto bij het ophalen' });
    expect(pickup.closest('a')).toHaveAttribute('target', '_blank');
    expect(await within(timeline).findByRole('img', { name: 'Foto bij de levering' })).toBeInTheDocument();
    // The statements, with the package a photo shows.
    expect(screen.getByText('De zetel was al beschadigd bij het ophalen.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Foto 1 van de verzender, pakket Zetel' })).toBeInTheDocument();
    expect(fileAuth).toEqual(['Bearer staff-token', 'Bearer staff-token', 'Bearer staff-token']);

    // No reason: said at the field, nothing sent.
    await user.click(screen.getByRole('radio', { name: 'Terugbetalen aan de verzender (deels of alles)' }));
    await user.click(screen.getByRole('button', { name: /De helft/ }));
    expect(screen.getByLabelText('Bedrag terug naar de verzender (euro, met btw)')).toHaveValue('60,25');
    const reason = screen.getByLabelText('Reden (beide partijen lezen dit)');
    await user.click(screen.getByRole('button', { name: 'Verder naar bevestigen' }));
    expect(reason).toHaveAccessibleDescription(/Dit veld is verplicht\./);
    expect(reason).toHaveFocus();

    await user.click(reason);
    await user.paste('De foto’s tonen schade die bij het laden ontstond.');
    await user.click(screen.getByRole('button', { name: 'Verder naar bevestigen' }));
    const confirm = await screen.findByRole('heading', { name: 'Bevestig de beslissing' });
    expect(confirm).toHaveFocus();
    expect(screen.getByText(/€\s60,25 gaat terug naar de verzender; €\s60,25 gaat naar de chauffeur\./)).toBeInTheDocument();
    expect(decisions).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Bevestigen en versturen' }));

    expect(await screen.findByText('Er is beslist. Beide partijen krijgen de beslissing met de reden.')).toHaveFocus();
    expect(decisions).toEqual([{ outcome: 'refund', refund: 60.25, reason: 'De foto’s tonen schade die bij het laden ontstond.' }]);
    expect(screen.getByText('Terugbetaald aan de verzender')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verder naar bevestigen' })).not.toBeInTheDocument();
  });

  it('support staff read the case but see no decision form', async () => {
    signIn('support');
    backOffice();
    renderApp('/problems/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Probleem met opdracht VM-000031' })).toBeInTheDocument();
    expect(screen.getByText('Financiën of een beheerder beslist over dit probleem. Je kan het dossier lezen, maar niet beslissen.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reden (beide partijen lezen dit)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verder naar bevestigen' })).not.toBeInTheDocument();
  });

  it('an own-risk job cannot go to the insurance; the server’s field error on the reason shows at the field', async () => {
    signIn('admin');
    const { decisions } = backOffice({
      case: { ...theCase({ insurance: { choice: 'free', kind: 'own_risk', cover: 0 } }), claim_file_url: null },
      decision: () => HttpResponse.json([{ field: 'reason', message: 'decision_reason_too_short' }], { status: 400 }),
    });
    const user = userEvent.setup();
    renderApp('/problems/7');
    const insurance = await screen.findByRole('radio', { name: /Doorverwijzen naar de verzekering/ });
    expect(insurance).toBeDisabled();
    expect(screen.getByText('Niet mogelijk: deze opdracht is op eigen risico vervoerd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schadedossier (ZIP)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Vrijgeven aan de chauffeur' }));
    await user.click(screen.getByLabelText('Reden (beide partijen lezen dit)'));
    await user.paste('De chauffeur leverde zoals afgesproken.');
    await user.click(screen.getByRole('button', { name: 'Verder naar bevestigen' }));
    expect(await screen.findByText(/€\s120,50 gaat naar de chauffeur; de verzender krijgt niets terug\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bevestigen en versturen' }));

    const reason = await screen.findByLabelText('Reden (beide partijen lezen dit)');
    expect(reason).toHaveAccessibleDescription(/Schrijf een reden van minstens 20 tekens/);
    expect(reason).toHaveFocus();
    expect(decisions).toEqual([{ outcome: 'release', reason: 'De chauffeur leverde zoals afgesproken.' }]);
  });
});
