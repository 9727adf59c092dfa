import type { User } from '@vm/domain/user';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { readToken, writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../../locales/en.ts';
import { nl } from '../../../locales/nl.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { sandboxConfig } from '../../../test-fixtures.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { AccountPage } from './account-page.tsx';

// Issue 23 part 4: "Je gegevens" on the profile page: the data download, and deleting the account
// after reading what is erased and what is kept (the server's refusal shown, then signed out).

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

const deletes: unknown[] = [];
let answers: { status: number; body: unknown }[] = [];
beforeEach(() => {
  deletes.length = 0;
  writeToken({ access_token: 'tok', refresh_token: 'r', expires_at: Date.now() + 900_000 });
  server.use(
    http.get('*/api/user', () => HttpResponse.json(me)),
    http.get('*/api/user/mail-settings', () => HttpResponse.json({ offer_received: true, offer_accepted: true, delivered: true, chat_unread: true })),
    http.get('*/api/billing/cards', () => HttpResponse.json([])),
    http.get('*/api/config', () => HttpResponse.json(sandboxConfig())),
    http.post('*/api/user/delete', async ({ request }) => {
      deletes.push(await request.json());
      const a = answers.shift()!;
      return a.status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(a.body as object, { status: a.status });
    }),
  );
});
afterEach(async () => {
  cleanup();
  writeToken(null);
  await setLanguage('nl', { remember: false });
});

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  ).user;
}

describe('Je gegevens (your data)', () => {
  it('downloads the data as a link carrying the token', async () => {
    const user = renderPage();
    const clicked: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    };
    try {
      await user.click(await screen.findByRole('button', { name: nl.account.data.download }));
      await expect.poll(() => clicked).toEqual(['/api/user/data-export?access_token=tok']);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it('explains what is erased and kept, shows a wrong password and the server’s refusal, then deletes and signs out', async () => {
    await setLanguage('en', { remember: false });
    const refusal = 'Your account cannot be deleted yet: a job is accepted and not finished, or money is still held.';
    answers = [
      { status: 403, body: { error: 'forbidden', error_description: 'This password is not right.' } },
      { status: 409, body: { error: 'conflict', error_description: refusal } },
      { status: 204, body: null },
    ];
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: en.account.data.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.account.data.delete }));
    const dialog = await screen.findByRole('dialog', { name: en.account.data.dialogTitle });
    expect(within(dialog).getByText(en.account.data.erased)).toBeInTheDocument();
    expect(within(dialog).getByText(en.account.data.kept)).toBeInTheDocument();

    const password = within(dialog).getByLabelText(en.account.data.password);
    await user.click(within(dialog).getByRole('button', { name: en.account.data.confirm }));
    expect(await within(dialog).findByText(en.account.data.passwordRequired)).toBeInTheDocument();
    expect(deletes).toEqual([]);

    await user.type(password, 'fout');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('This password is not right.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'geheim123{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(readToken()).not.toBeNull();

    await user.keyboard('{Enter}');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(deletes).toEqual([{ password: 'fout' }, { password: 'geheim123' }, { password: 'geheim123' }]);
    expect(readToken()).toBeNull();
  });
});
