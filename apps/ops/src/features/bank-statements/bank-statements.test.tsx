import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { BankImport } from '@vm/domain/invoices';
import type { StaffRole } from '@vm/domain/staff';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { router } from '../../app/router.tsx';
import { setLanguage } from '../../i18n.ts';
import { clearOpsSession, storeOpsSession } from '../../lib/ops-session.ts';

// Issue 22: finance staff import the bank's CAMT.053 statement in the back office: the file goes to
// the server under `statement`, the answer shows as a summary, the matched credits and the ones to
// place by hand; the server's refusal is shown as it said it; support staff never see the page.

const signIn = (role: StaffRole) =>
  storeOpsSession({ token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff: { id: 4, email: 'fien@ops.be', name: 'Fien Financiën', role, has_password: true, passkeys: 1 } });

afterEach(async () => {
  cleanup();
  clearOpsSession();
  await setLanguage('nl', { remember: false });
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

const answer: BankImport = {
  statements: 1,
  credits: 3,
  matched: [{ invoice: 'VM-2026-000123', amount: 1234.5, booking_date: '2026-11-20', outcome: 'partial' }],
  already_imported: 0,
  unmatched: [
    { amount: 80, currency: 'EUR', booking_date: '2026-11-21', debtor_name: 'Jan Janssens', communication: null, remittance: 'factuur van oktober', reason: 'no_communication' },
    { amount: 15.25, currency: 'USD', booking_date: '2026-11-22', debtor_name: null, communication: '+++090/9337/55493+++', remittance: null, reason: 'currency' },
  ],
};

// Intl writes a no-break space between the euro sign and the amount.
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\u00a0/g, ' '));

const camt = () => new File(['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'], 'statement.xml', { type: 'application/xml' });

describe('importing a bank statement', () => {
  it('sends the file with the staff token and shows the summary, the matched credits and the ones to place by hand', async () => {
    signIn('finance');
    const sent: { auth: string | null; text: string }[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/ops/bank-statements', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('statement') as File;
        sent.push({ auth: request.headers.get('authorization'), text: await file.text() });
        await held;
        return HttpResponse.json(answer);
      }),
    );
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('link', { name: 'Rekeninguittreksels' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekeninguittreksels' })).toBeInTheDocument();
    const input = screen.getByLabelText('Rekeninguittreksel (CAMT.053 XML)');
    expect(input).toHaveAttribute('accept', '.xml,application/xml');
    const button = screen.getByRole('button', { name: 'Inlezen' });

    // Nothing chosen: said beside the field, nothing sent.
    await user.click(button);
    expect(input).toHaveAccessibleDescription(/Kies eerst een rekeninguittreksel\./);
    expect(sent).toEqual([]);

    await user.upload(input, camt());
    await user.click(button);
    // Busy while the server works (and a second press sends nothing more).
    await screen.findByText('Het uittreksel wordt ingelezen…');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    release();

    const result = await screen.findByRole('heading', { level: 2, name: 'Resultaat' });
    expect(result).toHaveFocus();
    expect(result).toHaveAccessibleDescription('3 betalingen: 1 gekoppeld, 2 met de hand te plaatsen, 0 al ingelezen');
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.auth).toBe('Bearer staff-token');
    expect(sent[0]!.text).toContain('camt.053.001.02');

    const matched = screen.getByRole('table', { name: 'Gekoppelde betalingen' });
    const row = within(matched).getByRole('row', { name: /VM-2026-000123/ });
    expect(cells(row)).toEqual(['€ 1.234,50', '20 nov 2026', 'Deels betaald']);

    const unmatched = screen.getByRole('table', { name: 'Met de hand te plaatsen' });
    const rows = within(unmatched).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['€ 80,00', '21 nov 2026', 'Jan Janssens', 'geen', 'factuur van oktober', 'geen gestructureerde mededeling'],
      ['US$ 15,25', '22 nov 2026', 'geen', '+++090/9337/55493+++', 'geen', 'niet in euro'],
    ]);
  });

  it('speaks English: the link, the field, the button and the outcome', async () => {
    signIn('admin');
    server.use(http.post('/api/ops/bank-statements', () => HttpResponse.json({ ...answer, credits: 4, already_imported: 1 })));
    await setLanguage('en', { remember: false });
    const user = userEvent.setup();
    // An administrator's home reads the audit log: straight to the page, the link in the nav.
    renderApp('/bank-statements');
    expect(await screen.findByRole('link', { name: 'Bank statements' })).toHaveAttribute('aria-current', 'page');
    await user.upload(await screen.findByLabelText('Bank statement (CAMT.053 XML)'), camt());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('4 credits: 1 matched, 2 to place by hand, 1 already imported')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Matched credits' })).getByText('Part paid')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'To place by hand' })).getByText('no structured communication')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file that is not CAMT.053 in an alert', async () => {
    signIn('finance');
    server.use(
      http.post('/api/ops/bank-statements', () =>
        HttpResponse.json({ error: 'invalid_request', error_description: 'Dit bestand is geen CAMT.053-rekeninguittreksel.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/bank-statements');
    await user.upload(await screen.findByLabelText('Rekeninguittreksel (CAMT.053 XML)'), new File(['hello'], 'notes.xml', { type: 'application/xml' }));
    await user.click(screen.getByRole('button', { name: 'Inlezen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestand is geen CAMT.053-rekeninguittreksel.');
    expect(screen.queryByRole('heading', { name: 'Resultaat' })).not.toBeInTheDocument();
  });

  it('is not there for support staff: no link, and the address leads home', async () => {
    signIn('support');
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Chauffeurs' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rekeninguittreksels' })).not.toBeInTheDocument();
    cleanup();
    const memory = renderApp('/bank-statements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dag Fien Financiën' })).toBeInTheDocument();
    expect(memory.state.location.pathname).toBe('/');
    expect(screen.queryByLabelText('Rekeninguittreksel (CAMT.053 XML)')).not.toBeInTheDocument();
  });
});
