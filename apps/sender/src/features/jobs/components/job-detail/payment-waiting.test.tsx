import type { OfferRead } from '@vm/domain/offer';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test-render.tsx';
import { shipmentRead } from '../../../../test-fixtures.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { nl } from '../../../../locales/nl.ts';
import { PaymentWaiting } from './payment-waiting.tsx';

// Started 2026-11-23 16:05 UTC (17:05 in Brussels); the bank session ends an hour later, 18:05.
const started = Date.UTC(2026, 10, 23, 16, 5) / 1000;
const waiting = { id: 9, method: 'bancontact', offer_id: 5, total: 121, started_at: started, expires_at: started + 3600 };
const sofie = { id: 5, driver: { user: { first_name: 'Sofie', last_name: 'Claes' } } } as OfferRead;
const job = shipmentRead({ offers: [sofie] });

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
  server.use(
    http.get('*/api/shipment/:id/payment', ({ params }) => {
      asked.push(`GET ${String(params.id)}`);
      return HttpResponse.json({ payment: waiting });
    }),
    http.post('*/api/payments/:id/stop', ({ params }) => {
      asked.push(`stop ${String(params.id)}`);
      return HttpResponse.json({ status: 'stopped', shipment: job });
    }),
  );
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

const notice = () => screen.findByRole('region', { name: nl.job.paymentWaiting.title });

describe('PaymentWaiting', () => {
  it('says a Bancontact payment is waiting: its amount, the driver and when it expires, with continue and stop', async () => {
    renderWithProviders(<PaymentWaiting shipment={job} />);
    const box = await notice();
    expect(box).toHaveTextContent('Voor het bod van Sofie C. begon je een Bancontact-betaling van € 121,00.');
    expect(box).toHaveTextContent('Ze vervalt om 18:05.');
    expect(within(box).getByRole('button', { name: nl.job.paymentWaiting.continue })).toBeEnabled();
    expect(within(box).getByRole('button', { name: nl.job.paymentWaiting.stop })).toBeEnabled();
  });

  it('says a card payment waits for the bank’s 3-D Secure confirmation, and continuing goes back to that page', async () => {
    server.use(
      http.get('*/api/shipment/:id/payment', () => HttpResponse.json({ payment: { ...waiting, method: 'card' } })),
      http.post('*/api/payments/:id/resume', ({ params }) => {
        asked.push(`resume ${String(params.id)}`);
        return HttpResponse.json({ error: 'conflict', error_description: 'Deze betaling wacht niet meer: ze is betaald, gestopt of verlopen.' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<PaymentWaiting shipment={job} />);
    const box = await screen.findByRole('region', { name: nl.job.paymentWaiting.titleCard });
    expect(box).toHaveTextContent('Voor het bod van Sofie C. vroeg je bank je een kaartbetaling van € 121,00 te bevestigen (3-D Secure).');
    expect(box).toHaveTextContent('Ze vervalt om 18:05.');
    expect(box).not.toHaveTextContent('Bancontact');
    await user.click(within(box).getByRole('button', { name: nl.job.paymentWaiting.continueCard }));
    expect(await screen.findByText('Deze betaling wacht niet meer: ze is betaald, gestopt of verlopen.')).toBeInTheDocument();
    expect(asked).toContain('resume 9');
  });

  it('stops the payment: the notice goes and the sender is told what they can do now', async () => {
    const { user } = renderWithProviders(<PaymentWaiting shipment={job} />);
    await user.click(within(await notice()).getByRole('button', { name: nl.job.paymentWaiting.stop }));
    expect(await screen.findByText(nl.job.paymentWaiting.stopped)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: nl.job.paymentWaiting.title })).not.toBeInTheDocument());
    expect(asked).toEqual(['GET 77', 'stop 9']);
  });

  it('a payment that stopped waiting meanwhile: the server’s reason is shown and the job is read again', async () => {
    server.use(http.post('*/api/payments/:id/stop', () => HttpResponse.json({ error: 'conflict', error_description: 'Deze betaling wacht niet meer: ze is betaald, gestopt of verlopen.' }, { status: 409 })));
    const { user } = renderWithProviders(<PaymentWaiting shipment={job} />);
    await user.click(within(await notice()).getByRole('button', { name: nl.job.paymentWaiting.stop }));
    expect(await screen.findByText('Deze betaling wacht niet meer: ze is betaald, gestopt of verlopen.')).toBeInTheDocument();
    await waitFor(() => expect(asked.filter((a) => a === 'GET 77')).toHaveLength(2));
  });

  it('asks nothing once the job is no longer new', async () => {
    renderWithProviders(<PaymentWaiting shipment={shipmentRead({ id: 77, current_state: { state: 'accepted' } })} />);
    renderWithProviders(<PaymentWaiting shipment={shipmentRead({ id: 78, current_state: { state: 'cancelled' } })} />);
    // A new job beside them is asked about: once its notice shows, every question has been asked.
    renderWithProviders(<PaymentWaiting shipment={shipmentRead({ id: 79, offers: [sofie] })} />);
    expect(await screen.findAllByRole('region', { name: nl.job.paymentWaiting.title })).toHaveLength(1);
    expect(asked).toEqual(['GET 79']);
  });
});
