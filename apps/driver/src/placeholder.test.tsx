import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { SignedInPlaceholder } from '@vm/ui/signed-in-placeholder.tsx';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n.ts';

afterEach(async () => {
  cleanup();
  writeToken(null);
  await setLanguage('nl', { remember: false });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignedInPlaceholder />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the driver app before its screens exist', () => {
  it('signs a driver in with email and password, greets them by name and signs them out', async () => {
    let grant: unknown = null;
    server.use(
      http.post('*/oauth/access_token', async ({ request }) => {
        grant = await request.json();
        return HttpResponse.json({ access_token: 'a1', refresh_token: 'r1', expires_in: 900 });
      }),
      http.get('*/api/user', ({ request }) =>
        request.headers.get('authorization') === 'Bearer a1' ? HttpResponse.json({ id: 7, first_name: 'Fatima', last_name: 'El Amrani' }) : new HttpResponse(null, { status: 401 }),
      ),
    );
    const user = renderPage();
    expect(screen.getByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
    await user.type(screen.getByLabelText('E-mailadres'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

    expect(await screen.findByRole('heading', { name: 'Dag Fatima' })).toBeVisible();
    expect(grant).toMatchObject({ grant_type: 'password', username: 'fatima@example.be', password: 'secret-123', client_id: 'web', scope: 'app' });
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
  });

  it('shows the server’s sentence when the password is wrong, in the chosen language', async () => {
    await setLanguage('fr', { remember: false });
    server.use(
      http.post('*/oauth/access_token', () =>
        HttpResponse.json({ error: 'invalid_grant', error_description: 'E-mail ou mot de passe incorrect.' }, { status: 400 }),
      ),
    );
    const user = renderPage();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou mot de passe incorrect.');
  });
});
