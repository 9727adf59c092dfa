import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { OpsSearchResult, OpsUserView, ProposalRead, RestrictionRead } from '@vm/domain/restrictions';
import type { StaffRole } from '@vm/domain/staff';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { router } from '../../app/router.tsx';
import { clearOpsSession, storeOpsSession } from '../../lib/ops-session.ts';

// Issue 23 part 2: the support desk in the back office. Support finds a driver, reads their page and
// restricts them with a reason (checked before sending) after a confirmation; finance reads the same
// page without the form; restrictions are lifted and proposals decided with a reason each.

const signIn = (role: StaffRole) =>
  storeOpsSession({ token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff: { id: 4, email: 'sam@ops.be', name: 'Sam Support', role, has_password: true, passkeys: 1 } });

afterEach(() => {
  cleanup();
  clearOpsSession();
});

function renderApp(path: string) {
  const memory = createMemoryRouter(router.routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={memory} />
    </QueryClientProvider>,
  );
  return { memory, container: view.container };
}

// Sunday 22 November 2026, 10:00 UTC.
const T0 = Date.UTC(2026, 10, 22, 10, 0) / 1000;
const REASON = 'Drie aanvaarde opdrachten teruggegeven zonder geldige reden.';
const piet = { id: 12, name: 'Piet Peeters', email: 'piet@peeters.be', role: 'driver' as const };
const restriction = (over: Partial<RestrictionRead> = {}): RestrictionRead => ({
  id: 5,
  user: piet,
  kind: 'restrict',
  status: 'active',
  reason: REASON,
  starts_at: T0,
  ends_at: null,
  created_by: { id: 4, name: 'Sam Support' },
  proposal_id: null,
  lifted_at: null,
  lifted_by: null,
  lift_reason: null,
  contests: [{ id: 1, text: 'Mijn camion was in panne, hier is de factuur.', created_at: T0 + 3600 }],
  ...over,
});
const proposal: ProposalRead = {
  id: 9,
  user: piet,
  kind: 'restrict',
  signal: 'given_back',
  count: 3,
  window_days: 90,
  created_at: T0 - 3600,
  status: 'open',
  decided_at: null,
  decided_by: null,
  decision_reason: null,
  restriction_id: null,
};
const view = (over: Partial<OpsUserView> = {}): OpsUserView => ({
  user: { id: 12, role: 'driver', email: 'piet@peeters.be', first_name: 'Piet', last_name: 'Peeters', cellphone: '+32470000012', locale: 'fr', created_at: T0 - 86400 * 30, company: null },
  standing: 'none',
  shipments: [{ id: 31, reference: 'VM-000031', state: 'delivered', created_at: T0 - 86400 }],
  payments: [{ id: 40, shipment_id: 31, user_id: 2, provider_ref: 'tr_abc', amount: 120.5, method: 'card', status: 'paid', created_at: T0 - 86400 }],
  invoices: [],
  offers: [{ id: 70, shipment_id: 31, reference: 'VM-000031', price: 99, state: 'accepted', created_at: T0 - 86400 }],
  given_back: { total: 4, last_90_days: 3 },
  restrictions: [],
  proposals: [proposal],
  ...over,
});

function backOffice(opts: { user?: OpsUserView; search?: OpsSearchResult } = {}) {
  const sent: { path: string; body: unknown }[] = [];
  let lifted = false;
  const record = async (request: Request) => {
    sent.push({ path: new URL(request.url).pathname, body: await request.json() });
  };
  server.use(
    http.get('/api/ops/users/12', ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer staff-token');
      return HttpResponse.json(opts.user ?? view());
    }),
    http.get('/api/ops/search', ({ request }) => {
      expect(new URL(request.url).searchParams.get('q')).toBe('peeters');
      return HttpResponse.json(opts.search);
    }),
    // The first one is refused at its reason (as the server does for a reason it finds too short).
    http.post('/api/ops/users/12/restrictions', async ({ request }) => {
      await record(request);
      if (sent.length === 1) return HttpResponse.json([{ field: 'reason', message: 'restriction_reason_min' }], { status: 400 });
      return HttpResponse.json(restriction(), { status: 201 });
    }),
    // Lifted, it leaves the list of active ones.
    http.get('/api/ops/restrictions', () => HttpResponse.json({ restrictions: lifted ? [] : [restriction()] })),
    http.get('/api/ops/restriction-proposals', () => HttpResponse.json({ proposals: [proposal] })),
    http.post('/api/ops/restrictions/5/lift', async ({ request }) => {
      await record(request);
      lifted = true;
      return HttpResponse.json(restriction({ status: 'lifted', lifted_at: T0 + 7200, lifted_by: { id: 4, name: 'Sam Support' }, lift_reason: 'x'.repeat(20) }));
    }),
    http.post('/api/ops/restriction-proposals/9/decision', async ({ request }) => {
      await record(request);
      return HttpResponse.json([{ field: 'reason', message: 'restriction_reason_min' }], { status: 400 });
    }),
  );
  return sent;
}

async function noAxeViolations(container: HTMLElement) {
  // jsdom draws nothing, so colour contrast is left to the browser checks.
  const results = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the support desk', () => {
  it('search shows users, shipments, payments and invoices in captioned tables; a user row opens their page', async () => {
    signIn('finance');
    backOffice({
      search: {
        users: [{ id: 12, role: 'driver', email: 'piet@peeters.be', name: 'Piet Peeters', cellphone: '+32470000012', company_name: null, vat: null }],
        shipments: [{ id: 31, reference: 'VM-000031', state: 'delivered', sender_id: 2, created_at: T0 }],
        payments: [],
        invoices: [{ id: 3, number: 'VM-2026-000003', kind: 'invoice', user_id: 2, shipment_id: 31, total: 120.5, issue_date: '2026-11-22' }],
      },
    });
    const user = userEvent.setup();
    const { container } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Zoeken' }));
    const field = await screen.findByRole('searchbox', { name: 'Zoekterm' });
    // One character: said at the field, nothing asked.
    await user.type(field, 'p');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(field).toHaveAccessibleDescription(/Zoek op minstens 2 tekens\./);
    await user.clear(field);
    await user.type(field, 'peeters{Enter}');

    const users = await screen.findByRole('table', { name: 'Gebruikers (1)' });
    expect(within(users).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Naam', 'Rol', 'E-mail', 'Telefoon', 'Bedrijf', 'Btw-nummer']);
    expect(within(screen.getByRole('table', { name: 'Zendingen (1)' })).getByText('Geleverd')).toBeInTheDocument();
    expect(screen.getByText('Geen betalingen gevonden.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Facturen (1)' })).getByRole('link', { name: 'gebruiker 2 openen' })).toHaveAttribute('href', '/users/2');
    await noAxeViolations(container);

    await user.click(within(users).getByRole('link', { name: 'Piet Peeters' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Peeters' })).toBeInTheDocument();
  });

  it('support restricts a driver: an empty reason is refused at the field and nothing is sent; with a reason, after confirming, the right body is sent', async () => {
    signIn('support');
    const sent = backOffice();
    const user = userEvent.setup();
    renderApp('/users/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Peeters' })).toBeInTheDocument();
    expect(screen.getByText('4 in totaal, 3 in de laatste 90 dagen')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Biedingen (1), nieuwste eerst' })).getByText('Aanvaard')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Beperken of schorsen' });
    await user.click(within(form).getByRole('radio', { name: /Schorsen/ }));
    const reason = within(form).getByLabelText('Reden (de gebruiker leest dit in de motivering)');
    await user.click(within(form).getByRole('button', { name: 'Verder naar bevestigen' }));
    expect(reason).toHaveAccessibleDescription(/Dit veld is verplicht\./);
    expect(reason).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(reason, REASON);
    await user.click(within(form).getByRole('button', { name: 'Verder naar bevestigen' }));
    expect(await screen.findByRole('heading', { name: 'Bevestig de beslissing' })).toHaveFocus();
    expect(screen.getByText(/Piet Peeters kan de app niet meer gebruiken.*tot een medewerker de beslissing opheft\./)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Bevestigen en versturen' }));

    // The server's 400 comes back to the form, at the field, focused.
    const again = await screen.findByLabelText('Reden (de gebruiker leest dit in de motivering)');
    expect(again).toHaveAccessibleDescription(/Leg in minstens 20 tekens uit waarom/);
    expect(again).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verder naar bevestigen' }));
    await user.click(await screen.findByRole('button', { name: 'Bevestigen en versturen' }));

    expect(await screen.findByText('De beslissing geldt nu. De gebruiker krijgt de motivering in zijn taal.')).toHaveFocus();
    const body = { path: '/api/ops/users/12/restrictions', body: { kind: 'suspend', reason: REASON } };
    expect(sent).toEqual([body, body]);
  });

  it('finance reads a user’s restrictions, statement and contests but sees no form and no lift', async () => {
    signIn('finance');
    backOffice({ user: view({ standing: 'restricted', restrictions: [restriction()] }) });
    const { container } = renderApp('/users/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Peeters' })).toBeInTheDocument();
    expect(screen.getByText('Support of een beheerder beperkt of schorst accounts. Je kan dit dossier lezen, maar niet beperken.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Beperken of schorsen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Opheffen/ })).not.toBeInTheDocument();
    // The statement as the driver reads it, in French, and their contest.
    expect(screen.getByText(/Vous ne pouvez plus réserver de nouveaux envois/)).toBeInTheDocument();
    expect(screen.getByText(/Règlement \(UE\) 2019\/1150/)).toBeInTheDocument();
    expect(screen.getByText('Mijn camion was in panne, hier is de factuur.')).toBeInTheDocument();
    await noAxeViolations(container);
  });

  it('support lifts a restriction with a reason and decides a proposal with a reason; the server’s 400 shows at the field', async () => {
    signIn('support');
    const sent = backOffice();
    const user = userEvent.setup();
    const { container } = renderApp('/restrictions');
    expect(await screen.findByRole('heading', { level: 2, name: /Beperking van Piet Peeters/ })).toBeInTheDocument();
    expect(screen.getByText('Een automatisch signaal stelt een beperking alleen voor: een medewerker beslist altijd zelf, met een reden.')).toBeInTheDocument();
    expect(await screen.findByText('3 aanvaarde opdrachten teruggegeven in 90 dagen')).toBeInTheDocument();
    await noAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Opheffen: Beperking van Piet Peeters' }));
    const liftReason = screen.getByLabelText('Reden voor het opheffen (de gebruiker leest dit)');
    expect(liftReason).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Opheffen bevestigen' }));
    expect(liftReason).toHaveAccessibleDescription(/Dit veld is verplicht\./);
    await user.type(liftReason, 'De factuur van de garage bevestigt de panne.');
    await user.click(screen.getByRole('button', { name: 'Opheffen bevestigen' }));
    expect(await screen.findByText('Er zijn geen actieve beperkingen.')).toBeInTheDocument();
    expect(screen.getByText('Opgeheven. De gebruiker kan weer alles.')).toHaveFocus();

    const decision = screen.getByRole('form', { name: /Voorstel 9/ });
    const reason = within(decision).getByLabelText('Reden van je beslissing');
    await user.type(reason, 'Twee van de drie waren door pech, zie het dossier.');
    await user.click(within(decision).getByRole('button', { name: 'Afwijzen' }));
    expect(await within(decision).findByText('Leg in minstens 20 tekens uit waarom: de gebruiker leest deze motivering.')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(/Leg in minstens 20 tekens uit waarom/);
    expect(sent).toEqual([
      { path: '/api/ops/restrictions/5/lift', body: { reason: 'De factuur van de garage bevestigt de panne.' } },
      { path: '/api/ops/restriction-proposals/9/decision', body: { accept: false, reason: 'Twee van de drie waren door pech, zie het dossier.' } },
    ]);
  });
});
