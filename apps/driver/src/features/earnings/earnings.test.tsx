import { screen, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverEarning, DriverEarningsRead } from '@vm/domain/settlement';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, renderApp, resetApp } from '../../test-app.tsx';

afterEach(() => resetApp());

const earning = (over: Partial<DriverEarning>): DriverEarning => ({
  shipment_id: 1,
  reference: 'VM-1',
  pickup_city: 'Antwerpen',
  delivery_city: 'Gent',
  delivered_at: null,
  price: 100,
  commission_percent: 12,
  commission: 12,
  vat_percent: 0,
  vat: 0,
  payable: 88,
  status: null,
  expected_at: null,
  ...over,
});

const earningsAre = (body: DriverEarningsRead) => server.use(http.get('*/api/driver/earnings', () => HttpResponse.json(body)));
const card = (towns: string) => screen.getByRole('heading', { name: towns }).closest('li') as HTMLElement;

describe('earnings', () => {
  it('shows the totals and, per job, the price, commission, VAT, what the driver is paid and where the money is', async () => {
    driverApi();
    // 26/11/2026 13:05 UTC is 14:05 in Brussels; released at the latest 24 hours later.
    const delivered = Date.UTC(2026, 10, 26, 13, 5) / 1000;
    earningsAre({
      items: [
        earning({ shipment_id: 1, reference: 'VM-1', pickup_city: 'Antwerpen', delivery_city: 'Gent', delivered_at: delivered, vat_percent: 21, vat: 18.48, payable: 106.48, status: 'held', expected_at: delivered + 86_400 }),
        earning({ shipment_id: 2, reference: 'VM-2', pickup_city: 'Leuven', delivery_city: 'Namur', delivered_at: delivered - 3_600, price: 250, commission: 30, payable: 220, status: 'on_hold' }),
        // Released: in the bank with the next Monday's payout (30/11/2026 00:00 in Brussels).
        earning({ shipment_id: 3, reference: 'VM-3', pickup_city: 'Brugge', delivery_city: 'Hasselt', delivered_at: delivered - 200_000, price: 80, commission: 9.6, payable: 70.4, status: 'released', expected_at: Date.UTC(2026, 10, 29, 23, 0) / 1000 }),
        earning({ shipment_id: 4, reference: 'VM-4', pickup_city: 'Mons', delivery_city: 'Liège', delivered_at: delivered - 900_000, price: 50, commission: 6, payable: 44, status: 'paid_out' }),
      ],
      payouts: [
        { id: 9, amount: 44, status: 'failed', created_at: Date.UTC(2026, 10, 16, 0, 10) / 1000, failure_reason: 'account closed' },
        { id: 8, amount: 120, status: 'paid', created_at: Date.UTC(2026, 10, 9, 0, 10) / 1000, failure_reason: null },
      ],
      totals: { held: 106.48, on_hold: 220, released: 70.4, paid_out: 44 },
    });
    const { user } = renderApp('/work');
    // Reached from the tab bar.
    await user.click(await screen.findByRole('link', { name: /Verdiensten/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verdiensten' })).toBeVisible();
    expect(screen.getByText(/Vrachtmarkt houdt het geld vast tot de levering/)).toBeVisible();
    expect(await screen.findByTestId('total-held')).toHaveTextContent(/€\s*106,48/);
    expect(screen.getByTestId('total-on-hold')).toHaveTextContent(/€\s*220,00/);
    expect(screen.getByTestId('total-released')).toHaveTextContent(/€\s*70,40/);

    const held = card('Antwerpen → Gent');
    expect(held).toHaveTextContent('Referentie VM-1');
    expect(within(held).getByRole('row', { name: /Jouw prijs/ })).toHaveTextContent(/€\s*100,00/);
    expect(within(held).getByRole('row', { name: /Commissie Vrachtmarkt 12\s%/ })).toHaveTextContent(/−\s*€\s*12,00/);
    expect(within(held).getByRole('row', { name: /Jouw btw 21\s%/ })).toHaveTextContent(/\+\s*€\s*18,48/);
    expect(within(held).getByRole('row', { name: /Jij ontvangt/ })).toHaveTextContent(/€\s*106,48/);
    expect(within(held).getByTestId('earning-status')).toHaveTextContent('Vastgehouden door Vrachtmarkt. Vrijgegeven uiterlijk op 27/11/2026 14:05.');

    const onHold = card('Leuven → Namur');
    expect(within(onHold).getByTestId('earning-status')).toHaveTextContent('Geblokkeerd: de verzender meldde een probleem. Ons team beslist.');
    // No VAT row for a driver without VAT.
    expect(within(onHold).queryByRole('row', { name: /btw/ })).toBeNull();
    expect(within(onHold).getByRole('row', { name: /Jij ontvangt/ })).toHaveTextContent(/€\s*220,00/);

    const released = card('Brugge → Hasselt');
    expect(within(released).getByRole('row', { name: /Commissie Vrachtmarkt 12\s%/ })).toHaveTextContent(/−\s*€\s*9,60/);
    expect(within(released).getByTestId('earning-status')).toHaveTextContent('Vrijgegeven aan jou. Op je rekening rond 30/11/2026 00:00.');
    expect(within(card('Mons → Liège')).getByTestId('earning-status')).toHaveTextContent('Op je rekening gestort.');
    expect(screen.getByTestId('total-paid-out')).toHaveTextContent(/€\s*44,00/);

    // The payouts: a failed one says why and what to do.
    const payouts = screen.getAllByTestId('payout').map((li) => li.textContent);
    expect(payouts[0]).toMatch(/€\s*44,00 op 16\/11\/2026 01:10: mislukt \(account closed\)\. Pas je IBAN aan op je account, dan betalen we opnieuw\./);
    expect(payouts[1]).toMatch(/€\s*120,00 op 09\/11\/2026 01:10: op je rekening gestort\./);
  });

  it('says so when the driver has no jobs yet', async () => {
    driverApi();
    earningsAre({ items: [], payouts: [], totals: { held: 0, on_hold: 0, released: 0, paid_out: 0 } });
    renderApp('/earnings');
    expect(await screen.findByText('Je hebt nog geen geaccepteerde ritten. Zodra een verzender je bod aanvaardt, zie je hier wat je verdient.')).toBeVisible();
    expect(screen.getByTestId('total-held')).toHaveTextContent(/€\s*0,00/);
    // No job cards (their headings name the towns): only the sections below them.
    expect(screen.queryByRole('heading', { level: 2, name: /→/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Uitbetalingen' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Weekoverzichten' })).toBeVisible();
  });
});
