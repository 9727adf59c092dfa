import { screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverEarningsRead, DriverStatementsRead } from '@vm/domain/settlement';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n.ts';
import { driverApi, driverUser, renderApp, resetApp } from '../../test-app.tsx';

// Issue 22: the Earnings page's weekly statements (one PDF per week) and the notice to finish
// setting up payouts at the provider.

afterEach(async () => {
  resetApp();
  await setLanguage('nl', { remember: false });
  vi.restoreAllMocks();
});

const noEarnings: DriverEarningsRead = { items: [], payouts: [], totals: { held: 0, on_hold: 0, released: 0, paid_out: 0 } };
const earningsAre = (body: DriverEarningsRead) => server.use(http.get('*/api/driver/earnings', () => HttpResponse.json(body)));
const statementsAre = (body: DriverStatementsRead) => server.use(http.get('*/api/driver/statements', () => HttpResponse.json(body)));

describe('weekly statements', () => {
  it('lists the weeks, newest first, each with a download link that fetches the PDF with the driver’s token', async () => {
    driverApi();
    earningsAre(noEarnings);
    statementsAre({
      weeks: [
        { week: '2026-11-16', week_end: '2026-11-22', jobs: 2, payable: 244.9 },
        { week: '2026-11-09', week_end: '2026-11-15', jobs: 1, payable: 85.18 },
      ],
    });
    let authorization: string | null = null;
    let asked = '';
    server.use(
      http.get('*/api/driver/statements/:file', ({ request, params }) => {
        authorization = request.headers.get('authorization');
        asked = String(params.file);
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const created = vi.fn(() => 'blob:statement');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: created });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const { user } = renderApp('/earnings');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Weekoverzichten' })).closest('section') as HTMLElement;
    const rows = await within(section).findAllByTestId('statement');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Week van 16\/11\/2026 tot 22\/11\/2026\s*2 ritten, €\s*244,90pdf$/), expect.stringMatching(/^Week van 09\/11\/2026 tot 15\/11\/2026/)]);
    const link = within(section).getByRole('link', { name: 'Weekoverzicht 16/11/2026 tot 22/11/2026 downloaden (pdf)' });
    expect(link).toHaveAttribute('href', '/api/driver/statements/2026-11-16.pdf');
    expect(within(section).getByRole('link', { name: 'Weekoverzicht 09/11/2026 tot 15/11/2026 downloaden (pdf)' })).toBeVisible();

    await user.click(link);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(asked).toBe('2026-11-16.pdf');
    expect(authorization).toBe('Bearer a1');
    const saved = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(saved.download).toBe('statement-2026-11-16.pdf');
    expect(saved.getAttribute('href')).toBe('blob:statement');
  });

  it('says when there is no statement yet, and shows no set-up notice when nothing is asked', async () => {
    driverApi();
    earningsAre(noEarnings);
    renderApp('/earnings');
    expect(await screen.findByText('Nog geen weekoverzichten: er komt er een zodra geld voor een rit aan jou vrijgegeven is.')).toBeVisible();
    expect(screen.queryByTestId('payout-setup')).toBeNull();
  });

  it('shows an alert when the PDF cannot be fetched', async () => {
    driverApi();
    earningsAre(noEarnings);
    statementsAre({ weeks: [{ week: '2026-11-16', week_end: '2026-11-22', jobs: 1, payable: 10 }] });
    server.use(http.get('*/api/driver/statements/:file', () => HttpResponse.json({ error: 'server_error' }, { status: 500 })));
    const { user } = renderApp('/earnings');
    await user.click(await screen.findByRole('link', { name: /Weekoverzicht 16\/11\/2026 tot 22\/11\/2026 downloaden/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het weekoverzicht kon niet gedownload worden. Probeer het later opnieuw.');
  });
});

describe('payout set-up', () => {
  it('asks the driver to finish setting up payouts with Stripe when the provider asks for it', async () => {
    driverApi();
    earningsAre({ ...noEarnings, payout_setup: { url: 'https://connect.stripe.com/setup/e/acct_1/AbC' } });
    renderApp('/earnings');
    const notice = await screen.findByTestId('payout-setup');
    expect(within(notice).getByRole('heading', { level: 2, name: 'Je uitbetalingen zijn nog niet ingesteld' })).toBeVisible();
    expect(notice).toHaveTextContent('Onze betaalpartner Stripe heeft nog gegevens van je nodig');
    expect(within(notice).getByRole('link', { name: 'Uitbetalingen instellen bij Stripe afronden' })).toHaveAttribute('href', 'https://connect.stripe.com/setup/e/acct_1/AbC');
  });

  it('is in French and English too', async () => {
    driverApi();
    earningsAre({ ...noEarnings, payout_setup: { url: 'https://connect.stripe.com/setup/e/acct_1/AbC' } });
    statementsAre({ weeks: [{ week: '2026-11-16', week_end: '2026-11-22', jobs: 1, payable: 10 }] });
    // The account's language applies once signed in.
    const speaks = (locale: string) => server.use(http.get('*/api/user', () => HttpResponse.json({ ...driverUser, locale })));
    speaks('fr');
    await setLanguage('fr', { remember: false });
    renderApp('/earnings');
    expect(await screen.findByRole('link', { name: 'Terminer la configuration des versements avec Stripe' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Télécharger le relevé du 16/11/2026 au 22/11/2026 (PDF)' })).toBeVisible();
    resetApp();
    speaks('en');
    await setLanguage('en', { remember: false });
    renderApp('/earnings');
    expect(await screen.findByRole('link', { name: 'Finish setting up payouts with Stripe' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Download the statement of 16/11/2026 to 22/11/2026 (PDF)' })).toBeVisible();
  });
});
