import { screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, profile, renderApp, resetApp } from '../../test-app.tsx';

afterEach(() => resetApp());

// Issue 22: the self-billing agreement, accepted when joining or later on the account page.

describe('the self-billing agreement', () => {
  it('register: the checkbox is required, its text opens from the form, and the acceptance is sent', async () => {
    let body: { driver?: { self_billing_accepted?: boolean } } | null = null;
    server.use(
      http.post('*/oauth/access_token', () => HttpResponse.json({ access_token: 'c1', expires_in: 900 })),
      http.get('*/api/config', () => HttpResponse.json({ captcha: { provider: 'none', site_key: null } })),
      http.post('*/api/phone/verification', () => HttpResponse.json({ cellphone: '+32470123456' })),
      http.post('*/api/phone/verification/check', () => HttpResponse.json({ verification_token: 'vt-1' })),
      // Stops after the body is seen: the rest of registering is another test's.
      http.post('*/api/drivers', async ({ request }) => ((body = (await request.json()) as typeof body), HttpResponse.json([{ field: 'driver.iban', message: 'Stop hier.' }], { status: 400 }))),
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

    // Not accepted: the form says so at the checkbox and sends nothing.
    const checkbox = screen.getByRole('checkbox', { name: 'Ik ga ermee akkoord dat Vrachtmarkt de facturen voor mijn ritten in mijn naam opmaakt (overeenkomst voor zelffacturatie)' });
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Aanvaard de overeenkomst voor zelffacturatie: zonder die kunnen we je facturen niet opmaken.')).toBeVisible();
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeNull();

    // The agreement's text, behind a disclosure.
    const text = screen.getByText('Lees de overeenkomst');
    expect(screen.getByText(/artikel 53, § 2 van het Belgische Btw-wetboek/)).not.toBeVisible();
    await user.click(text);
    expect(screen.getByText(/artikel 53, § 2 van het Belgische Btw-wetboek/)).toBeVisible();
    expect(screen.getByText(/binnen 30 dagen na ontvangst schriftelijk betwist/)).toBeVisible();

    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Stop hier.')).toBeVisible();
    expect(body!.driver).toMatchObject({ self_billing_accepted: true });
    // A whole registration form typed key by key: longer than the default limit on a busy machine.
  }, 60_000);

  it('account: a driver who joined before is asked to accept it; the notice goes once accepted', async () => {
    driverApi(profile({ self_billing_accepted_at: null }));
    let sent: unknown = null;
    server.use(
      http.get('*/api/driver/documents', () => HttpResponse.json({ documents: [], required: ['driving_licence', 'cmr_insurance'] })),
      http.post('*/api/driver/profile/self-billing', async ({ request }) => ((sent = await request.json()), HttpResponse.json({ profile: profile({ self_billing_accepted_at: 1_795_000_000 }) }))),
    );
    const { user } = renderApp('/account');
    const notice = await screen.findByRole('region', { name: 'Aanvaard de overeenkomst voor zelffacturatie' });
    await user.click(within(notice).getByRole('button', { name: 'Overeenkomst aanvaarden' }));
    expect(await within(notice).findByText(/zonder die kunnen we je facturen niet opmaken/)).toBeVisible();
    expect(sent).toBeNull();

    await user.click(within(notice).getByRole('checkbox', { name: /overeenkomst voor zelffacturatie/ }));
    await user.click(within(notice).getByRole('button', { name: 'Overeenkomst aanvaarden' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aanvaard de overeenkomst voor zelffacturatie' })).toBeNull());
    expect(sent).toEqual({ accept: true });
    expect(await screen.findByText('Overeenkomst voor zelffacturatie aanvaard.')).toBeVisible();
  });

  it('account: no notice for a driver who accepted', async () => {
    driverApi(profile());
    server.use(http.get('*/api/driver/documents', () => HttpResponse.json({ documents: [], required: [] })));
    renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dag Fatima' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Aanvaard de overeenkomst voor zelffacturatie' })).toBeNull();
  });
});
