import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import { SignedInPlaceholder } from '../signed-in-placeholder.tsx';

/** Renders the placeholder page of an app that has no screens yet, with a fresh query cache. */
export function renderPlaceholder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignedInPlaceholder />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/**
 * The walk both placeholder apps share, in Dutch: sign in with email and password (the OAuth
 * password grant of the web client), the greeting by first name, and signing out again to the
 * app's own login heading.
 */
export async function signInGreetAndSignOut(loginHeading: string) {
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
  const user = renderPlaceholder();
  expect(screen.getByRole('heading', { name: loginHeading })).toBeVisible();
  await user.type(screen.getByLabelText('E-mailadres'), 'fatima@example.be');
  await user.type(screen.getByLabelText('Wachtwoord'), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

  expect(await screen.findByRole('heading', { name: 'Dag Fatima' })).toBeVisible();
  expect(grant).toMatchObject({ grant_type: 'password', username: 'fatima@example.be', password: 'secret-123', client_id: 'web', scope: 'app' });
  await user.click(screen.getByRole('button', { name: 'Afmelden' }));
  expect(await screen.findByRole('heading', { name: loginHeading })).toBeVisible();
}
