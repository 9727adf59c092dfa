import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { loadAllTexts } from '../lib/i18n.ts';
import { sandboxConfig } from '../test-fixtures.ts';
import { renderWithProviders } from '../test-render.tsx';
import { AppLayout } from './layout/app-layout.tsx';

// Issue 23 part 4: the privacy statement and the terms are linked from every page's footer and from
// the registration form (there in a new window, so the form stays filled in).

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

describe('the links to the privacy and terms pages', () => {
  it('are in the footer and on the registration form', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json(sandboxConfig())));
    const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: 'register', element: <RegisterPage /> }] }], { initialEntries: ['/register'] });
    renderWithProviders(<RouterProvider router={router} />);
    const footer = within(await screen.findByRole('navigation', { name: 'Juridisch' }));
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Voorwaarden' })).toHaveAttribute('href', '/terms');

    const note = (await screen.findByText(/Door te registreren aanvaard je de/)).closest('p')!;
    const terms = within(note).getByRole('link', { name: /^voorwaarden.*nieuw venster/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(note).getByRole('link', { name: /^hoe we met je gegevens omgaan.*nieuw venster/ })).toHaveAttribute('href', '/privacy');
  });
});
