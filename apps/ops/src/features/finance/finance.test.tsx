import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { InvoiceRequestsRead, OpsInvoicesRead, OpsPayoutsRead } from '@vm/domain/ops-finance';
import type { StaffRole } from '@vm/domain/staff';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { router } from '../../app/router.tsx';
import { clearOpsSession, storeOpsSession } from '../../lib/ops-session.ts';

// Issue 23: the approvals that were admin commands, in the back office: finance staff approve a
// company's invoice payment or refuse it with a reason in a dialog, see failed payouts and money on
// hold and pay out now, and read the unpaid invoices; support staff see none of it; an admin
// downloads the audit log.

const signIn = (role: StaffRole) =>
  storeOpsSession({ token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff: { id: 4, email: 'fien@ops.be', name: 'Fien Financiën', role, has_password: true, passkeys: 1 } });

afterEach(() => {
  cleanup();
  clearOpsSession();
  vi.restoreAllMocks();
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

const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');
const request = { user_id: 17, name: 'Jan Peeters', email: 'jan@peeters.be', company: { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' }, requested_at: 1_795_000_000 };

describe('invoice payment requests', () => {
  it('refuses only with a reason, in a dialog, and approves with one press; each decision goes to the server with the staff token', async () => {
    signIn('finance');
    const sent: { auth: string | null; userId: string; body: unknown }[] = [];
    let queue: InvoiceRequestsRead = { requests: [request, { ...request, user_id: 18, company: { ...request.company, name: 'Janssens BV' } }] };
    server.use(
      http.get('/api/ops/invoice-requests', () => HttpResponse.json(queue)),
      http.post('/api/ops/invoice-requests/:userId/decision', async ({ request: req, params }) => {
        sent.push({ auth: req.headers.get('authorization'), userId: String(params.userId), body: await req.json() });
        queue = { requests: queue.requests.filter((r) => String(r.user_id) !== params.userId) };
        return HttpResponse.json(queue);
      }),
    );
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Facturatie op rekening' }));
    const table = await screen.findByRole('table', { name: 'Aanvragen die op een beslissing wachten, de oudste eerst' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Bedrijf', 'Btw-nummer', 'Aangevraagd door', 'Aangevraagd op', 'Beslissing']);

    await user.click(within(table).getByRole('button', { name: 'Betalen op factuur weigeren voor Peeters Meubelen BV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weigeren voor Peeters Meubelen BV' });
    const reason = within(dialog).getByLabelText('Reden voor het bedrijf');
    await user.click(within(dialog).getByRole('button', { name: 'Weigering versturen' }));
    expect(reason).toHaveAccessibleDescription(/Vul een reden in\./);
    expect(reason).toHaveFocus();
    await user.type(reason, 'Te kort');
    await user.click(within(dialog).getByRole('button', { name: 'Weigering versturen' }));
    expect(reason).toHaveAccessibleDescription(/minstens 10 tekens/);
    expect(sent).toEqual([]);
    await user.clear(reason);
    await user.paste('Het btw-nummer hoort bij een ander bedrijf.');
    await user.click(within(dialog).getByRole('button', { name: 'Weigering versturen' }));
    expect(await screen.findByText('Betalen op factuur is geweigerd voor Peeters Meubelen BV; het bedrijf krijgt de reden per mail.')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Betalen op factuur goedkeuren voor Janssens BV' }));
    expect(await screen.findByText('Betalen op factuur is goedgekeurd voor Janssens BV.')).toBeInTheDocument();
    expect(await screen.findByText('Er wacht geen aanvraag.')).toBeInTheDocument();
    expect(sent).toEqual([
      { auth: 'Bearer staff-token', userId: '17', body: { approve: false, reason: 'Het btw-nummer hoort bij een ander bedrijf.' } },
      { auth: 'Bearer staff-token', userId: '18', body: { approve: true } },
    ]);
  });
});

describe('payouts and unpaid invoices', () => {
  it('lists failed payouts with the reason and the IBAN’s end, money on hold, and pays out now', async () => {
    signIn('finance');
    const asked: string[] = [];
    let runs = 0;
    const answer: OpsPayoutsRead = {
      payouts: [{ id: 3, driver: { id: 9, name: 'Ahmed Benali', email: 'ahmed@rijden.be' }, amount: 159.72, iban_last4: '0001', status: 'failed', failure_reason: 'account closed', created_at: 1_795_000_000, updated_at: 1_795_000_000 }],
      on_hold: [{ shipment_id: 12, reference: 'VM-ABC123', driver_name: 'Ahmed Benali', amount: 96.8, since: 1_795_000_000 }],
    };
    server.use(
      http.get('/api/ops/payouts', ({ request: req }) => {
        asked.push(new URL(req.url).searchParams.get('status') ?? '');
        return HttpResponse.json(answer);
      }),
      http.post('/api/ops/payouts/run', () => {
        runs++;
        return HttpResponse.json({ made: 2 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/payouts');
    const failed = await screen.findByRole('table', { name: 'Uitbetalingen: Mislukt' });
    expect(within(failed).getAllByRole('cell').map(text).slice(0, 3)).toEqual(['€ 159,72', 'eindigt op 0001', 'account closed']);
    const onHold = screen.getByRole('table', { name: /Opdrachten waarvan het geld wacht/ });
    expect(within(onHold).getByRole('rowheader', { name: 'VM-ABC123' })).toBeInTheDocument();
    expect(within(onHold).getAllByRole('cell').map(text).slice(0, 2)).toEqual(['Ahmed Benali', '€ 96,80']);

    await user.selectOptions(screen.getByLabelText('Toon'), 'Betaald');
    await screen.findByRole('table', { name: 'Uitbetalingen: Betaald' });
    expect(asked).toEqual(['failed', 'paid']);

    await user.click(screen.getByRole('button', { name: 'Nu uitbetalen' }));
    expect(await screen.findByText('2 uitbetalingen verstuurd.')).toHaveFocus();
    expect(runs).toBe(1);
  });

  it('lists overdue invoices with days late and the reminders sent', async () => {
    signIn('admin');
    const answer: OpsInvoicesRead = {
      invoices: [{ id: 5, number: 'VM-2026-000042', company: 'Peeters Meubelen BV', email: 'factuur@peeters.be', amount: 108.9, due_date: '2026-12-22', days_overdue: 9, reminders: 1, last_reminder_at: 1_798_000_000 }],
    };
    server.use(http.get('/api/ops/invoices', ({ request: req }) => HttpResponse.json(new URL(req.url).searchParams.get('status') === 'overdue' ? answer : { invoices: [] })));
    renderApp('/unpaid-invoices');
    const table = await screen.findByRole('table', { name: 'Facturen: Vervallen' });
    const row = within(table).getByRole('row', { name: /VM-2026-000042/ });
    expect(within(row).getAllByRole('cell').map(text).slice(1, 4)).toEqual(['€ 108,90', '22 dec 2026', '9']);
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent(/^1 \(laatste op /);
  });

  it('support staff see none of the finance pages: no nav entries, and the address leads home', async () => {
    signIn('support');
    server.use(http.get('/api/ops/drivers', () => HttpResponse.json({ drivers: [] })));
    renderApp('/payouts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dag Fien Financiën' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Facturatie op rekening', 'Uitbetalingen', 'Openstaande facturen']) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
  });
});

describe('the audit log’s download', () => {
  it('asks the server for the chosen days and format with the staff token', async () => {
    signIn('admin');
    const asked: { auth: string | null; query: string }[] = [];
    server.use(
      http.get('/api/ops/audit', () => HttpResponse.json({ entries: [], next_before: null })),
      http.get('/api/ops/audit/export', ({ request: req }) => {
        asked.push({ auth: req.headers.get('authorization'), query: new URL(req.url).search });
        return new HttpResponse('{"id":1}\n', { headers: { 'content-type': 'application/x-ndjson', 'content-disposition': 'attachment; filename="audit-log.jsonl"' } });
      }),
    );
    const created = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    renderApp('/');
    const form = await screen.findByRole('form', { name: 'Logboek downloaden' });
    await user.type(within(form).getByLabelText('Vanaf (dag)'), '2026-11-01');
    await user.selectOptions(within(form).getByLabelText('Formaat'), 'JSON Lines');
    await user.click(within(form).getByRole('button', { name: 'Downloaden' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    expect(asked).toEqual([{ auth: 'Bearer staff-token', query: '?format=jsonl&from=2026-11-01' }]);
  });
});
