import type { OfferRead } from '@vm/domain/offer';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test-render.tsx';
import { shipmentRead } from '../../../../test-fixtures.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { nl } from '../../../../locales/nl.ts';
import { PaymentSummary } from './payment-summary.tsx';

// 2026-11-23 16:05 UTC is 17:05 in Brussels.
const receipt = {
  reference: 'VM-77',
  driver_name: 'Els J.',
  total: 1270.5,
  vat_percent: 21,
  vat_amount: 220.5,
  method: 'card',
  card_last4: '4242',
  paid_at: Date.UTC(2026, 10, 23, 16, 5) / 1000,
  subject: 'Betalingsbewijs VM-77: bod van Els J. aanvaard',
  lines: ['Je aanvaardde het bod van Els J. op VM-77.', '', 'Totaal (incl. btw): € 1.270,50', 'Btw 21%: € 220,50', 'Betaald met: kredietkaart •••• 4242'],
  money: 'held',
};

let asked: string[] = [];
const handlers = [
  http.get('*/api/shipment/:id/receipt', ({ params }) => {
    asked.push(String(params.id));
    return HttpResponse.json({ receipt });
  }),
];
beforeEach(() => server.use(...handlers));
beforeEach(() => {
  asked = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('PaymentSummary', () => {
  it('shows amount, VAT, method and date of the paid offer, and the receipt with the mail’s lines', async () => {
    renderWithProviders(<PaymentSummary shipment={shipmentRead({ accepted_offer: { id: 12 } as OfferRead, current_state: { state: 'accepted' } })} />);
    const block = await screen.findByRole('region', { name: nl.job.payment.title });
    const facts = Object.fromEntries([...block.querySelectorAll('dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]));
    expect(facts).toEqual({
      'Bedrag incl. btw': '€ 1.270,50',
      'Btw 21 %': '€ 220,50',
      'Betaald met': 'Kredietkaart •••• 4242',
      'Betaald op': '23/11/2026 17:05',
      // Issue 22: the money is held until the delivery, said in plain words.
      'Je geld': 'Bewaard door Vrachtmarkt tot de levering: de chauffeur wordt betaald wanneer je ze bevestigt, of 24 uur erna als je geen probleem meldt.',
    });
    expect(within(block).getByText(nl.job.payment.receipt)).toBeInTheDocument();
    const body = within(block).getByRole('article', { name: receipt.subject });
    expect(within(body).getByRole('heading', { name: receipt.subject })).toBeInTheDocument();
    expect([...body.querySelectorAll('p')].map(text).slice(0, 4)).toEqual(receipt.lines.filter(Boolean).map((l) => l.replace(/\s+/g, ' ')));
    expect(asked).toEqual(['77']);
  });

  it('says when the money went to the driver, and when it is on hold after a problem', async () => {
    for (const [money, said] of [['released', 'Na de levering aan de chauffeur betaald.'], ['on_hold', 'Geblokkeerd: je meldde een probleem, en ons team beslist samen met jou en de chauffeur.']] as const) {
      server.use(http.get('*/api/shipment/:id/receipt', () => HttpResponse.json({ receipt: { ...receipt, money } })));
      renderWithProviders(<PaymentSummary shipment={shipmentRead({ accepted_offer: { id: 12 } as OfferRead, current_state: { state: 'delivered' } })} />);
      expect(await screen.findByTestId('money-status')).toHaveTextContent(said);
      cleanup();
    }
  });

  it('asks nothing and shows nothing before an offer is accepted', async () => {
    renderWithProviders(<PaymentSummary shipment={shipmentRead()} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: nl.job.payment.title })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
