import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAllTexts } from '../../../lib/i18n.ts';
import { readToken, writeToken } from '@vm/client/token-store.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { SocialPage } from './social-page.tsx';

// #/social: the ticket a social login brings back is exchanged once, and an existing account's
// email asks for that account's password before anything is linked.

const tokens = { access_token: 'user-access', refresh_token: 'user-refresh', expires_in: 900, token_type: 'Bearer', scope: 'app' };
let ticketAnswer: () => Response;
let exchanges = 0;
let linkBodies: unknown[] = [];
const handlers = [
  http.get('*/api/config', () => HttpResponse.json({ facebook_app_id: 'fb', oidc_label: 'itsme' })),
  http.post('*/oauth/access_token', () => HttpResponse.json({ ...tokens, access_token: 'client-token', refresh_token: undefined })),
  http.post('*/api/auth/social/ticket', () => {
    exchanges += 1;
    return ticketAnswer();
  }),
  http.post('*/api/auth/social/link', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    linkBodies.push(body);
    return body.password === 'right'
      ? HttpResponse.json(tokens)
      : HttpResponse.json({ error: 'invalid_grant', error_description: 'Het e-mailadres of wachtwoord is onjuist.' }, { status: 400 });
  }),
  http.get('*/api/user', () => HttpResponse.json({ id: 7, first_name: 'An', last_name: 'Peeters' })),
];
beforeEach(() => server.use(...handlers));
beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  exchanges = 0;
  linkBodies = [];
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/social', element: <><SocialPage /><Where /></> },
      { path: '/register', element: <Where /> },
      { path: '/jobs/*', element: <Where /> },
      { path: '/login', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('the social login page', { timeout: 30_000 }, () => {
  it('asks the password of the account with that email; a wrong one stores no token, the right one signs in', async () => {
    ticketAnswer = () => HttpResponse.json({ status: 'password_needed', provider: 'oidc', email: 'an@example.be', redirect: '/jobs/create' });
    const { user } = renderAt('/social?ticket=t1');
    expect(await screen.findByRole('heading', { name: 'Er bestaat al een account met an@example.be' })).toBeInTheDocument();
    expect(screen.getByText(/je itsme-account eraan te koppelen/)).toBeInTheDocument();
    // The ticket is gone from the address.
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/social$/);

    await user.type(screen.getByLabelText('Wachtwoord'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Koppelen en aanmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het e-mailadres of wachtwoord is onjuist.');
    expect(readToken()).toBeNull();

    await user.clear(screen.getByLabelText('Wachtwoord'));
    await user.type(screen.getByLabelText('Wachtwoord'), 'right');
    await user.click(screen.getByRole('button', { name: 'Koppelen en aanmelden' }));
    expect(await screen.findByText('/jobs/create')).toBeInTheDocument();
    expect(readToken()?.access_token).toBe('user-access');
    expect(linkBodies).toEqual([{ ticket: 't1', password: 'wrong' }, { ticket: 't1', password: 'right' }]);
    expect(exchanges).toBe(1);
  });

  it('says so for a ticket the server no longer knows, with the way back to login', async () => {
    ticketAnswer = () => HttpResponse.json({ error: 'invalid_grant', error_description: 'Deze aanmelding is verlopen of al gebruikt. Probeer opnieuw aan te melden.' }, { status: 400 });
    renderAt('/social?ticket=t2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze aanmelding is verlopen of al gebruikt.');
    expect(screen.getByRole('link', { name: 'Terug naar aanmelden' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });

  it('sends a new person to Register with the prefill', async () => {
    ticketAnswer = () =>
      HttpResponse.json({ status: 'register', provider: 'facebook', email: 'fien@example.com', first_name: 'Fien', last_name: 'F', birthday: '25/04/1990', picture: null, redirect: '/jobs/create' });
    const { router } = renderAt('/social?ticket=t3');
    expect(await screen.findByText('/register?redirect=%2Fjobs%2Fcreate')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ provider: 'facebook', social_ticket: 't3', email: 'fien@example.com', first_name: 'Fien', last_name: 'F', birthday: '25/04/1990', picture: null });
  });
});
