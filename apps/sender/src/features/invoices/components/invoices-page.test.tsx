import { cleanup, screen, within } from '@testing-library/react';
import type { InvoiceRead } from '@vm/domain/invoices';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { InvoicesPage } from './invoices-page.tsx';

// 2026-03-02 and 2026-03-20, midnight in Brussels (CET, UTC+1).
const MARCH_2 = Date.UTC(2026, 2, 1, 23) / 1000;
const MARCH_20 = Date.UTC(2026, 2, 19, 23) / 1000;
const APRIL_1 = Date.UTC(2026, 2, 31, 22) / 1000;

const doc = (over: Partial<InvoiceRead> & Pick<InvoiceRead, 'id' | 'number'>): InvoiceRead => ({
  kind: 'invoice',
  shipment_id: 41,
  reference: 'VM-7KQ2',
  issued_at: MARCH_2,
  due_at: null,
  net: 100,
  vat: 21,
  total: 121,
  payable: 0,
  status: 'paid',
  paid_at: MARCH_2,
  payment_communication: null,
  corrects: null,
  pdf_url: `/api/invoices/${over.id}/pdf`,
  ubl_url: null,
  ...over,
});

const paid = doc({ id: 1, number: 'VM-2026-000001', ubl_url: '/api/invoices/1/ubl' });
const credited = doc({ id: 2, number: 'VM-2026-000002', shipment_id: 42, reference: 'VM-8LR3', status: 'credited', total: 60.5 });
const open = doc({
  id: 3,
  number: 'VM-2026-000003',
  shipment_id: 43,
  reference: 'VM-9MS4',
  issued_at: MARCH_20,
  due_at: Date.UTC(2026, 3, 18, 22) / 1000,
  total: 1234.5,
  payable: 1234.5,
  status: 'open',
  paid_at: null,
  payment_communication: '+++261/0000/00396+++',
});
const creditNote = doc({ id: 4, number: 'VMC-2026-000001', kind: 'credit_note', shipment_id: 42, reference: 'VM-8LR3', issued_at: APRIL_1, total: 60.5, corrects: 'VM-2026-000002' });

let answer: () => Response;
beforeEach(() => {
  writeToken({ access_token: 'tok/en+1', refresh_token: 'r1', expires_at: Date.now() + 900_000 });
  server.use(http.get('*/api/invoices', () => answer()));
});
afterEach(async () => {
  cleanup();
  writeToken(null);
  vi.restoreAllMocks();
  await setLanguage('nl', { remember: false });
});

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <InvoicesPage />
    </MemoryRouter>,
  );
}

const row = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr')!;

describe('the Invoices page', () => {
  it('lists invoices and credit notes newest first, with kind, job, date, total and status', async () => {
    answer = () => HttpResponse.json({ invoices: [paid, credited, open, creditNote] });
    renderPage();
    await screen.findByRole('table', { name: 'Je facturen en creditnota’s' });
    const numbers = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(numbers).toEqual(['VMC-2026-000001', 'VM-2026-000003', 'VM-2026-000002', 'VM-2026-000001']);

    const note = within(row('VMC-2026-000001'));
    expect(note.getByText('Creditnota bij factuur VM-2026-000002')).toBeInTheDocument();
    expect(note.getByText('01/04/2026')).toBeInTheDocument();

    const first = within(row('VM-2026-000001'));
    expect(first.getByText('Factuur')).toBeInTheDocument();
    expect(first.getByText('Betaald')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'VM-7KQ2' })).toHaveAttribute('href', '/jobs/41');
    expect(first.getByText('02/03/2026')).toBeInTheDocument();
    expect(first.getByText(/^€\s?121,00$/)).toBeInTheDocument();

    expect(within(row('VM-2026-000002')).getByText('Gecrediteerd')).toBeInTheDocument();

    const toPay = within(row('VM-2026-000003'));
    expect(toPay.getByText('Open')).toBeInTheDocument();
    expect(toPay.getByText('Te betalen vóór 19/04/2026')).toBeInTheDocument();
    expect(toPay.getByText('Gestructureerde mededeling: +++261/0000/00396+++')).toBeInTheDocument();
    expect(toPay.getByText(/^€\s?1\.234,50$/)).toBeInTheDocument();
  });

  it('links each document’s PDF, and UBL where there is one, with the access token and a name that says which', async () => {
    answer = () => HttpResponse.json({ invoices: [paid, open] });
    renderPage();
    const pdf = await screen.findByRole('link', { name: 'Download VM-2026-000001 als PDF' });
    expect(pdf).toHaveTextContent('PDF');
    expect(pdf).toHaveAttribute('href', '/api/invoices/1/pdf?access_token=tok%2Fen%2B1');
    expect(pdf).toHaveAttribute('download', 'VM-2026-000001.pdf');
    expect(screen.getByRole('link', { name: 'Download VM-2026-000001 als UBL (Peppol)' })).toHaveAttribute('href', '/api/invoices/1/ubl?access_token=tok%2Fen%2B1');
    expect(screen.getByRole('link', { name: 'Download VM-2026-000003 als PDF' })).toHaveAttribute('href', '/api/invoices/3/pdf?access_token=tok%2Fen%2B1');
    // No Peppol address, no UBL file.
    expect(screen.queryByRole('link', { name: 'Download VM-2026-000003 als UBL (Peppol)' })).toBeNull();
  });

  it('renews an expired token before following a download link', async () => {
    answer = () => HttpResponse.json({ invoices: [paid] });
    writeToken({ access_token: 'old', refresh_token: 'r1', expires_at: Date.now() - 1000 });
    server.use(http.post('*/oauth/access_token', () => HttpResponse.json({ access_token: 'renewed', refresh_token: 'r2', expires_in: 900, token_type: 'Bearer' })));
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const { user } = renderPage();
    const pdf = await screen.findByRole('link', { name: 'Download VM-2026-000001 als PDF' });
    await user.click(pdf);
    await vi.waitFor(() => expect(followed).toEqual(['/api/invoices/1/pdf?access_token=renewed VM-2026-000001.pdf']));
    // The links on the page now carry the renewed token too.
    expect(pdf).toHaveAttribute('href', '/api/invoices/1/pdf?access_token=renewed');
  });

  it('says so when there are no invoices yet', async () => {
    answer = () => HttpResponse.json({ invoices: [] });
    renderPage();
    expect(await screen.findByText('Je hebt nog geen facturen. Na de betaling van een opdracht verschijnt de factuur hier.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? HttpResponse.json({ error: 'server_error', error_description: 'boom' }, { status: 500 }) : HttpResponse.json({ invoices: [paid] }));
    const { user } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Facturen laden…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je facturen konden niet geladen worden.');
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('rowheader', { name: 'VM-2026-000001' })).toBeInTheDocument();
  });

  it('speaks French and English too', async () => {
    answer = () => HttpResponse.json({ invoices: [creditNote, open] });
    await setLanguage('fr', { remember: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Factures', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Note de crédit pour la facture VM-2026-000002')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger VM-2026-000003 en PDF' })).toBeInTheDocument();
    cleanup();
    await setLanguage('en', { remember: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Due on 19/04/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download VM-2026-000003 as PDF' })).toBeInTheDocument();
  });

  it('has no WCAG 2.2 AA violations axe can find in the DOM', async () => {
    answer = () => HttpResponse.json({ invoices: [paid, credited, open, creditNote] });
    const { container } = renderPage();
    await screen.findByRole('table');
    // jsdom draws nothing, so colour contrast is left to the browser checks.
    const results = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(results.passes.map((p) => p.id)).toEqual(expect.arrayContaining(['link-name', 'th-has-data-cells']));
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
