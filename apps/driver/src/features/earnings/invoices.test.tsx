import { screen, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { InvoiceRead } from '@vm/domain/invoices';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, renderApp, resetApp } from '../../test-app.tsx';

afterEach(() => resetApp());

const invoice = (over: Partial<InvoiceRead>): InvoiceRead => ({
  id: 1,
  number: 'SB-2026-000001',
  kind: 'self_billed_invoice',
  shipment_id: 11,
  reference: 'VM-11',
  issued_at: Date.UTC(2026, 10, 24, 9, 0) / 1000,
  due_at: null,
  net: 88,
  vat: 18.48,
  total: 106.48,
  payable: 106.48,
  status: 'open',
  paid_at: null,
  payment_communication: null,
  corrects: null,
  pdf_url: '/api/invoices/1/pdf',
  ubl_url: '/api/invoices/1/ubl',
  ...over,
});

const earningsEmpty = () => server.use(http.get('*/api/driver/earnings', () => HttpResponse.json({ items: [], payouts: [], totals: { held: 0, on_hold: 0, released: 0, paid_out: 0 } })));

describe('the driver’s invoices on the Earnings page', () => {
  it('lists each self-billed invoice with number, job, date, total and status, and links to its PDF and UBL with the access token', async () => {
    driverApi();
    earningsEmpty();
    server.use(
      http.get('*/api/invoices', () =>
        HttpResponse.json({
          invoices: [
            invoice({}),
            invoice({ id: 2, number: 'SB-2026-000002', reference: 'VM-12', shipment_id: 12, total: 70.4, status: 'paid', pdf_url: '/api/invoices/2/pdf', ubl_url: null }),
          ],
        }),
      ),
    );
    renderApp('/earnings');
    const section = await screen.findByRole('region', { name: 'Facturen' });
    const items = await within(section).findAllByTestId('invoice');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Factuur SB-2026-000001');
    expect(items[0]).toHaveTextContent('Rit VM-11');
    expect(items[0]).toHaveTextContent('Datum 24/11/2026');
    expect(items[0]).toHaveTextContent(/Totaal €\s*106,48/);
    expect(items[0]).toHaveTextContent('Te betalen aan jou');
    // renderApp signs in with the access token 'a1': a plain link carries it as ?access_token=.
    expect(within(items[0]!).getByRole('link', { name: 'PDF van SB-2026-000001' })).toHaveAttribute('href', '/api/invoices/1/pdf?access_token=a1');
    expect(within(items[0]!).getByRole('link', { name: 'UBL (Peppol) van SB-2026-000001' })).toHaveAttribute('href', '/api/invoices/1/ubl?access_token=a1');
    // A document without a Peppol file has only its PDF.
    expect(items[1]).toHaveTextContent('Betaald');
    expect(within(items[1]!).queryByRole('link', { name: /UBL/ })).toBeNull();
  });

  it('says so when there are none yet', async () => {
    driverApi();
    earningsEmpty();
    renderApp('/earnings');
    expect(await screen.findByText(/Nog geen facturen/)).toBeVisible();
  });
});
