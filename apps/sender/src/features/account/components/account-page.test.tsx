import type { User } from '@vm/domain/user';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { sandboxConfig } from '../../../test-fixtures.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { AccountPage } from './account-page.tsx';

const me: User = {
  id: 7,
  first_name: 'An',
  last_name: 'Peeters',
  email: 'an@example.be',
  cellphone: '+32470123456',
  birthday: '1990-05-17',
  address: { country: 'BE', formatted: '' },
  profile_picture: null,
  company: null,
  roles: ['sender'],
  locale: 'nl',
};

beforeEach(() => {
  writeToken({ access_token: 'tok', refresh_token: 'r', expires_at: Date.now() + 900_000 });
  server.use(
    http.get('*/api/user', () => HttpResponse.json(me)),
    http.get('*/api/user/mail-settings', () => HttpResponse.json({ offer_received: true, offer_accepted: true, delivered: true, chat_unread: true })),
    http.get('*/api/billing/cards', () => HttpResponse.json([])),
    http.get('*/api/config', () => HttpResponse.json(sandboxConfig())),
  );
});
afterEach(async () => {
  cleanup();
  writeToken(null);
  await setLanguage('nl', { remember: false });
});

describe('the profile page', () => {
  for (const [language, name] of [['nl', 'Facturen'], ['fr', 'Factures'], ['en', 'Invoices']] as const) {
    it(`links to the Invoices page (${language}: ${name}), reachable from the keyboard`, async () => {
      await setLanguage(language, { remember: false });
      const { user } = renderWithProviders(
        <MemoryRouter initialEntries={['/account']}>
          <Routes>
            <Route path="/account" element={<AccountPage />} />
            <Route path="/account/invoices" element={<p>invoices page</p>} />
          </Routes>
        </MemoryRouter>,
      );
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveAttribute('href', '/account/invoices');
      link.focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByText('invoices page')).toBeInTheDocument();
    });
  }
});
