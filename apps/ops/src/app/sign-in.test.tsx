import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOpsSession } from '../lib/ops-session.ts';
import { router } from './router.tsx';

// The back office's shell: sign-in with field errors and the server's refusal, then the welcome
// (and for an admin the audit log), and sign-out.

afterEach(() => {
  cleanup();
  clearOpsSession();
});

function renderApp(path: string) {
  const memory = createMemoryRouter(router.routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={memory} />
    </QueryClientProvider>,
  );
  return memory;
}

const staff = { id: 1, email: 'an@ops.be', name: 'An Peeters', role: 'admin', has_password: true, passkeys: 0 };
const session = { token: 'staff-token', expires_at: Math.floor(Date.now() / 1000) + 3600, idle_timeout: 1800, staff };

describe('the operations app', () => {
  it('asks for each missing field, then signs in with password + code and shows an admin the audit log', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/ops/sign-in', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(session);
      }),
      http.get('/api/ops/audit', ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer staff-token');
        return HttpResponse.json({ entries: [{ id: 2, at: 1_795_600_000, staff: { id: 1, name: 'An Peeters', email: 'an@ops.be' }, action: 'staff.signed_in', subject_type: 'staff', subject_id: 1, reason: null, details: {} }], next_before: null });
      }),
      http.post('/api/ops/sign-out', () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Aanmelden bij beheer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('E-mailadres'), 'an@ops.be');
    await user.type(screen.getByLabelText('Wachtwoord'), 'een lang wachtwoord');
    await user.type(screen.getByLabelText('Code van 6 cijfers'), '12345');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(screen.getByLabelText('Code van 6 cijfers')).toHaveAccessibleDescription(/De code bestaat uit 6 cijfers\./);
    await user.type(screen.getByLabelText('Code van 6 cijfers'), '6');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

    expect(await screen.findByRole('heading', { name: 'Dag An Peeters' })).toBeInTheDocument();
    expect(screen.getByText('Je bent aangemeld als beheerder.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Aangemeld' })).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'an@ops.be', password: 'een lang wachtwoord', code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('heading', { name: 'Aanmelden bij beheer' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong password or code", async () => {
    server.use(http.post('/api/ops/sign-in', () => HttpResponse.json({ error: 'sign_in_failed', error_description: 'Het e-mailadres, het wachtwoord of de code is onjuist.' }, { status: 401 })));
    const user = userEvent.setup();
    renderApp('/sign-in');
    await user.type(await screen.findByLabelText('E-mailadres'), 'an@ops.be');
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout');
    await user.type(screen.getByLabelText('Code van 6 cijfers'), '000000');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het e-mailadres, het wachtwoord of de code is onjuist.');
  });
});
