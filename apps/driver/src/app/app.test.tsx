import { screen, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n.ts';
import { boardWith, driverApi, driverUser, job, renderApp, resetApp } from '../test-app.tsx';

afterEach(async () => {
  resetApp();
  await setLanguage('nl', { remember: false });
});

describe('the driver app shell', () => {
  it('signs a driver in with the password grant, shows the work tab with the tab bar, and signs out from Account', async () => {
    let grant: unknown = null;
    server.use(
      http.post('*/oauth/access_token', async ({ request }) => {
        grant = await request.json();
        return HttpResponse.json({ access_token: 'a1', refresh_token: 'r1', expires_in: 900 });
      }),
    );
    driverApi();
    boardWith([job()]);
    const { user, router } = renderApp('/work', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();

    await user.type(screen.getByLabelText('E-mailadres'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

    expect(await screen.findByRole('heading', { name: 'Open ritten' })).toBeVisible();
    expect(grant).toMatchObject({ grant_type: 'password', username: 'fatima@example.be', client_id: 'web' });
    const tabs = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['▦Werk', '⇄Mijn ritten', '€Verdiensten', '◉Account']);
    // Before acceptance the card shows towns and postcodes, never a street.
    expect(await screen.findByRole('link', { name: 'Bekijk rit VM-77' })).toHaveTextContent('2000 Antwerpen → 9000 Gent');

    await user.click(within(tabs).getByRole('link', { name: /Account/ }));
    expect(await screen.findByRole('heading', { name: `Dag ${driverUser.first_name}` })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s sentence when the password is wrong, in the chosen language', async () => {
    await setLanguage('fr', { remember: false });
    server.use(http.post('*/oauth/access_token', () => HttpResponse.json({ error: 'invalid_grant', error_description: 'E-mail ou mot de passe incorrect.' }, { status: 400 })));
    const { user } = renderApp('/login', { signedIn: false });
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou mot de passe incorrect.');
  });

  it('says so when there is no open job', async () => {
    driverApi();
    boardWith([]);
    renderApp('/work');
    expect(await screen.findByText('Hier zijn nu geen open ritten. Nieuwe verschijnen hier vanzelf.')).toBeVisible();
  });
});
