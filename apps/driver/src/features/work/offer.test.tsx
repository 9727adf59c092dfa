import { screen, waitFor } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, job, profile, renderApp, resetApp, vehicle } from '../../test-app.tsx';

afterEach(() => resetApp());

describe('a job and the offer', () => {
  it('shows towns, windows and packages, and before sending what the sender will pay all-in and what the driver is paid', async () => {
    driverApi(profile({ status: 'approved', vehicles: 2, missing_documents: [] }));
    let current = job();
    const offers: unknown[] = [];
    server.use(
      http.get('*/api/driver/shipment/77', () => HttpResponse.json(current)),
      http.post('*/api/driver/shipment/77/offer', async ({ request }) => {
        const body = (await request.json()) as { price: number };
        offers.push(body);
        current = job({ my_offer: { id: offers.length, price: body.price, state: 'open' } });
        return HttpResponse.json({ id: offers.length }, { status: 201 });
      }),
      http.get('*/api/driver/vehicles', () => HttpResponse.json({ vehicles: [vehicle(), vehicle({ id: 4, name: 'Iveco Daily', plate: '2-DEF-456' })] })),
      http.delete('*/api/driver/shipment/77/offer', () => {
        current = job({ my_offer: null });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/work/77');
    expect(await screen.findByRole('heading', { name: '2000 Antwerpen → 9000 Gent' })).toBeVisible();
    expect(screen.getByText('Dozen boeken')).toBeVisible();
    expect(screen.getByText('50 × 40 × 30 cm · 12 kg')).toBeVisible();

    // 100 € transport + 9 € all-risk insurance (cover up to 1,250 €), 21 % VAT on both: 131.89 €.
    await user.type(screen.getByLabelText('Je prijs zonder btw (€)'), '100');
    const table = screen.getByRole('table', { name: 'Wat de verzender ziet' });
    expect(table).toHaveTextContent(/Verzekering\s*€\s*9,00/);
    expect(table).toHaveTextContent(/Btw 21 %\s*€\s*22,89/);
    expect(screen.getByTestId('sender-total')).toHaveTextContent(/€\s*131,89/);
    // The driver sees what they are paid: the 12 % commission off their price (no VAT: this driver is exempt).
    const earnings = screen.getByRole('table', { name: 'Wat jij ontvangt' });
    expect(earnings).toHaveTextContent(/Commissie Vrachtmarkt 12 %\s*−\s*€\s*12,00/);
    expect(screen.getByTestId('driver-paid')).toHaveTextContent(/€\s*88,00/);
    await user.click(screen.getByRole('button', { name: 'Bod versturen' }));
    expect(await screen.findByTestId('my-offer')).toHaveTextContent(/Je huidige bod: €\s*100,00/);
    expect(offers).toEqual([{ price: 100 }]);
    // With several vehicles the driver may name the one to drive.
    await user.selectOptions(screen.getByLabelText('Voertuig'), 'Iveco Daily · 2-DEF-456');

    // Re-pricing sends a new offer; withdrawing takes it back.
    await user.clear(screen.getByLabelText('Je prijs zonder btw (€)'));
    await user.type(screen.getByLabelText('Je prijs zonder btw (€)'), '95,5');
    expect(screen.getByTestId('sender-total')).toHaveTextContent(/€\s*126,45/);
    expect(screen.getByTestId('driver-paid')).toHaveTextContent(/€\s*84,04/);
    await user.click(screen.getByRole('button', { name: 'Nieuwe prijs versturen' }));
    await waitFor(() => expect(offers).toEqual([{ price: 100 }, { price: 95.5, vehicle_id: 4 }]));
    expect(await screen.findByTestId('my-offer')).toHaveTextContent(/€\s*95,50/);
    await user.click(screen.getByRole('button', { name: 'Bod intrekken' }));
    expect(await screen.findByText('Bod ingetrokken.')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('my-offer')).toBeNull());
  });

  it('says a price is needed before sending', async () => {
    driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
    server.use(http.get('*/api/driver/shipment/77', () => HttpResponse.json(job())));
    const { user } = renderApp('/work/77');
    await user.click(await screen.findByRole('button', { name: 'Bod versturen' }));
    expect(screen.getByText('Vul een prijs in euro in, groter dan 0 en met hoogstens 2 decimalen.')).toBeVisible();
  });

  it('tells a driver not yet approved why the offer cannot be sent', async () => {
    driverApi(profile({ status: 'pending', vehicles: 1, missing_documents: [] }));
    server.use(http.get('*/api/driver/shipment/77', () => HttpResponse.json(job())));
    const { user } = renderApp('/work/77');
    expect(await screen.findByText('Je kan bieden zodra ons team je account heeft goedgekeurd.')).toBeVisible();
    await user.type(screen.getByLabelText('Je prijs zonder btw (€)'), '80');
    // The preview works; sending waits for approval.
    expect(screen.getByTestId('sender-total')).toHaveTextContent(/€\s*107,69/);
    expect(screen.getByRole('button', { name: 'Bod versturen' })).toBeDisabled();
  });

  it('a truck without its transport licence document cannot bid on a load only it carries: the server’s reason is shown, nothing is offered', async () => {
    driverApi(profile({ status: 'approved', vehicles: 2, missing_documents: ['transport_licence'] }));
    const offers: unknown[] = [];
    server.use(
      http.get('*/api/driver/shipment/77', () => HttpResponse.json(job())),
      http.get('*/api/driver/vehicles', () =>
        HttpResponse.json({ vehicles: [vehicle(), vehicle({ id: 4, type: 'truck', name: 'DAF LF', plate: '2-XYZ-987', payload_kg: 5000, max_mass_kg: 12000, needs_licence: true, licence_number: 'EU-1', licence_expires: '2027-06-30' })] }),
      ),
      http.post('*/api/driver/shipment/77/offer', async ({ request }) => {
        offers.push(await request.json());
        return HttpResponse.json({ error: 'conflict', error_description: 'Je kunt niet bieden: een verplicht document ontbreekt of is nog niet goedgekeurd.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/work/77');
    await user.type(await screen.findByLabelText('Je prijs zonder btw (€)'), '300');
    await user.selectOptions(screen.getByLabelText('Voertuig'), 'DAF LF · 2-XYZ-987');
    await user.click(screen.getByRole('button', { name: 'Bod versturen' }));
    expect(await screen.findByText('Je kunt niet bieden: een verplicht document ontbreekt of is nog niet goedgekeurd.')).toBeVisible();
    expect(offers).toEqual([{ price: 300, vehicle_id: 4 }]);
    expect(screen.queryByTestId('my-offer')).toBeNull();
  });

  it('an accepted job has no offer form', async () => {
    driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
    server.use(http.get('*/api/driver/shipment/77', () => HttpResponse.json(job({ current_state: { state: 'accepted' } }))));
    renderApp('/work/77');
    expect(await screen.findByRole('heading', { name: '2000 Antwerpen → 9000 Gent' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bod versturen' })).toBeNull();
  });

  it('answers an unknown job with a sentence, not an empty page', async () => {
    driverApi();
    server.use(
      http.get('*/api/driver/shipment/78', () => HttpResponse.json({ error: 'not_found', error_description: 'Niet gevonden.' }, { status: 404 })),
    );
    renderApp('/work/78');
    expect(await screen.findByText('Deze rit bestaat niet of is niet meer open.')).toBeVisible();
  });
});
