import { cleanup, screen } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { renderPlaceholder, signInGreetAndSignOut } from '@vm/ui/testing/placeholder-sign-in.tsx';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n.ts';

afterEach(async () => {
  cleanup();
  writeToken(null);
  await setLanguage('nl', { remember: false });
});

describe('the driver app before its screens exist', () => {
  it('signs a driver in with email and password, greets them by name and signs them out', async () => {
    await signInGreetAndSignOut('Aanmelden als chauffeur');
  });

  it('shows the server’s sentence when the password is wrong, in the chosen language', async () => {
    await setLanguage('fr', { remember: false });
    server.use(
      http.post('*/oauth/access_token', () =>
        HttpResponse.json({ error: 'invalid_grant', error_description: 'E-mail ou mot de passe incorrect.' }, { status: 400 }),
      ),
    );
    const user = renderPlaceholder();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'fatima@example.be');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou mot de passe incorrect.');
  });
});
