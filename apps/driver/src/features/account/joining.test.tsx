import { screen, waitFor } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, profile, renderApp, resetApp, vehicle } from '../../test-app.tsx';

afterEach(() => resetApp());

describe('joining as a driver', () => {
  it('register: the domain rules speak under the fields before anything is sent', async () => {
    let sent = false;
    server.use(http.post('*/api/drivers', () => ((sent = true), HttpResponse.json({ id: 1 }, { status: 201 }))));
    const { user } = renderApp('/register', { signedIn: false });
    await user.click(await screen.findByRole('radio', { name: 'Voor een vennootschap' }));
    await user.type(screen.getByLabelText('Ondernemingsnummer (KBO)'), '0403.170.702');
    await user.type(screen.getByLabelText('IBAN-rekeningnummer'), 'BE00 1234');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));

    expect(await screen.findByText('Dit is geen geldig IBAN-rekeningnummer: controleer het land, de lengte en de cijfers.')).toBeVisible();
    expect(screen.getByLabelText('IBAN-rekeningnummer')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Naam van de vennootschap')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Gsm-nummer')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });

  it('register: the server’s 400 is shown under its field (VAT at VIES)', async () => {
    server.use(
      http.post('*/oauth/access_token', () => HttpResponse.json({ access_token: 'c1', expires_in: 900 })),
      http.get('*/api/config', () => HttpResponse.json({ captcha: { provider: 'none', site_key: null } })),
      http.post('*/api/phone/verification', () => HttpResponse.json({ cellphone: '+32470123456' })),
      http.post('*/api/phone/verification/check', () => HttpResponse.json({ verification_token: 'vt-1' })),
      http.post('*/api/drivers', () => HttpResponse.json([{ field: 'driver.vat', message: 'Dit btw-nummer bestaat niet volgens VIES.' }], { status: 400 })),
    );
    const { user } = renderApp('/register', { signedIn: false });
    await user.type(await screen.findByLabelText('Gsm-nummer'), '0470 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Verstuur code' }));
    await user.type(await screen.findByLabelText('Verificatiecode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verifieer code' }));
    expect(await screen.findByText('Gsm-nummer geverifieerd.')).toBeVisible();
    await user.type(screen.getByLabelText('Voornaam'), 'Fatima');
    await user.type(screen.getByLabelText('Achternaam'), 'El Amrani');
    await user.type(screen.getByLabelText('Geboortedatum'), '02041991');
    await user.type(screen.getByLabelText('E-mailadres'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-123');
    await user.type(screen.getByLabelText('Herhaal wachtwoord'), 'secret-123');
    await user.click(screen.getByRole('radio', { name: 'Als zelfstandige (natuurlijke persoon)' }));
    await user.type(screen.getByLabelText('Ondernemingsnummer (KBO)'), '0403.170.701');
    await user.type(screen.getByLabelText('Btw-nummer'), 'BE0403170701');
    await user.type(screen.getByLabelText('IBAN-rekeningnummer'), 'BE68 5390 0754 7034');
    await user.click(screen.getByLabelText(/overeenkomst voor zelffacturatie/));
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Dit btw-nummer bestaat niet volgens VIES.')).toBeVisible();
    expect(screen.getByLabelText('Btw-nummer')).toHaveAttribute('aria-invalid', 'true');
  });

  it('vehicles: the licence fields appear when the payload calls for them, and the vehicle is saved', async () => {
    driverApi();
    let body: unknown = null;
    server.use(http.post('*/api/driver/vehicles', async ({ request }) => ((body = await request.json()), HttpResponse.json(vehicle({ payload_kg: 900 }), { status: 201 }))));
    const { user, router } = renderApp('/account/vehicles/new');
    await user.selectOptions(await screen.findByLabelText('Soort voertuig'), 'Bestelwagen');
    // A van's usual sizes come in, to be corrected.
    expect(screen.getByLabelText('Laadvermogen (kg)')).toHaveValue('1200');
    expect(screen.getByLabelText('Laadruimte lengte (cm)')).toHaveValue('340');
    await user.type(screen.getByLabelText('Merk en model'), 'Ford Transit');
    await user.type(screen.getByLabelText('Nummerplaat'), '1-abc-123');
    for (const [label, value] of [['Laadvermogen (kg)', '450'], ['Maximaal toegelaten massa (kg)', '2400'], ['Laadruimte lengte (cm)', '300'], ['Laadruimte breedte (cm)', '170'], ['Laadruimte hoogte (cm)', '170']]) {
      await user.clear(screen.getByLabelText(label!));
      await user.type(screen.getByLabelText(label!), value!);
    }
    expect(screen.queryByLabelText('Nummer vervoersvergunning')).toBeNull();
    await user.clear(screen.getByLabelText('Laadvermogen (kg)'));
    await user.type(screen.getByLabelText('Laadvermogen (kg)'), '900');
    expect(screen.getByLabelText('Nummer vervoersvergunning')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findAllByText(/vervoersvergunning in/)).toHaveLength(2);
    expect(body).toBeNull();

    await user.type(screen.getByLabelText('Nummer vervoersvergunning'), 'VV-123');
    await user.type(screen.getByLabelText('Vervoersvergunning geldig tot'), '2027-06-30');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(body).toEqual({
      type: 'van',
      name: 'Ford Transit',
      plate: '1-ABC-123',
      payload_kg: 900,
      max_mass_kg: 2400,
      load_length_cm: 300,
      load_width_cm: 170,
      load_height_cm: 170,
      licence_number: 'VV-123',
      licence_expires: '2027-06-30',
    });
    expect(await screen.findByText('Voertuig opgeslagen.')).toBeVisible();
  });

  it('documents: refuses a file over 10 MB before uploading, then uploads one with its kind and expiry', async () => {
    driverApi();
    let uploaded: { content: unknown; file: File | null } | null = null;
    server.use(
      http.get('*/api/driver/documents', () =>
        HttpResponse.json({
          documents: uploaded ? [{ id: 5, kind: 'driving_licence', expires: '2030-01-31', status: 'pending', content_type: 'application/pdf', size_bytes: 4, uploaded_at: 1 }] : [],
          required: ['driving_licence', 'cmr_insurance'],
        }),
      ),
      http.post('*/api/driver/documents', async ({ request }) => {
        const form = await request.formData();
        uploaded = { content: JSON.parse(String(form.get('content'))), file: form.get('file') as File | null };
        return HttpResponse.json({ id: 5, kind: 'driving_licence', expires: '2030-01-31', status: 'pending', content_type: 'application/pdf', size_bytes: 4, uploaded_at: 1 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/account/documents');
    expect(await screen.findByText('Nog geen documenten.')).toBeVisible();
    const fileInput = screen.getByLabelText('Bestand');
    expect(fileInput).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await user.selectOptions(screen.getByLabelText('Document'), 'driving_licence');
    await user.type(screen.getByLabelText('Geldig tot'), '2030-01-31');

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput, big);
    await user.click(screen.getByRole('button', { name: 'Uploaden' }));
    expect(await screen.findByText('Dit bestand is groter dan 10 MB.')).toBeVisible();
    expect(uploaded).toBeNull();

    await user.upload(fileInput, new File(['%PDF'], 'rijbewijs.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Uploaden' }));
    expect(await screen.findByText('Wordt nagekeken')).toBeVisible();
    expect(uploaded!.content).toEqual({ kind: 'driving_licence', expires: '2030-01-31', file: 'file' });
    expect(await uploaded!.file?.text()).toBe('%PDF');
    expect(screen.getByText('Rijbewijs')).toBeVisible();
  });

  it('verification: asked once the checklist is complete, then the driver sees “waiting”', async () => {
    let p = profile({ vehicles: 1, missing_documents: ['cmr_insurance'] });
    driverApi();
    server.use(
      http.get('*/api/driver/profile', () => HttpResponse.json({ profile: p })),
      http.get('*/api/driver/vehicles', () => HttpResponse.json({ vehicles: [vehicle()] })),
      http.post('*/api/driver/verification', () => {
        p = { ...p, status: 'pending' };
        return HttpResponse.json({ profile: p });
      }),
    );
    const { user } = renderApp('/account');
    const ask = await screen.findByRole('button', { name: 'Verificatie aanvragen' });
    expect(ask).toBeDisabled();
    expect(screen.getByText('Nog nodig: Verzekeringsattest CMR-aansprakelijkheid')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bewerk Ford Transit' })).toHaveAttribute('href', '/account/vehicles/3');
    resetApp();

    p = profile({ vehicles: 1, missing_documents: [] });
    const again = renderApp('/account');
    const ready = await screen.findByRole('button', { name: 'Verificatie aanvragen' });
    await waitFor(() => expect(ready).toBeEnabled());
    await again.user.click(ready);
    expect(await screen.findByText('Wacht op verificatie: ons team bekijkt je documenten.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verificatie aanvragen' })).toBeNull();
    void user;
  });

  it('a refused driver reads staff’s reason and can ask again', async () => {
    driverApi(profile({ vehicles: 1, missing_documents: [], status: 'refused', refusal_reason: 'Je rijbewijs is onleesbaar.' }));
    renderApp('/account');
    const status = await screen.findByTestId('driver-status');
    expect(status).toHaveTextContent('Geweigerd');
    expect(screen.getByText('Reden: Je rijbewijs is onleesbaar.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verificatie aanvragen' })).toBeEnabled();
  });
});
