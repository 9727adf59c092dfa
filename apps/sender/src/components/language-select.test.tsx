import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@vm/client/api-client.ts';
import { i18next, loadAllTexts, setLanguage } from '../lib/i18n.ts';
import { initialLanguage, localeTag } from '@vm/client/locale.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { renderWithProviders } from '../test-render.tsx';
import { LanguageSelect, useUserLanguage } from './language-select.tsx';

const languages: string[] = [];
const saved: unknown[] = [];
let accountLocale = 'nl';
const account = () => ({
  id: 7, first_name: 'An', last_name: 'Peeters', email: 'an@example.be', cellphone: '+32470123456', birthday: '1990-05-17',
  address: { country: 'BE', formatted: '' }, profile_picture: null, company: null, roles: ['sender'], locale: accountLocale,
});
const handlers = [
  http.get('*/api/ping', ({ request }) => {
    languages.push(request.headers.get('accept-language') ?? '');
    return HttpResponse.json({ ok: true });
  }),
  http.get('*/api/user', () => HttpResponse.json(account())),
  http.put('*/api/user/locale', async ({ request }) => {
    const body = (await request.json()) as { locale: string };
    saved.push(body);
    accountLocale = body.locale;
    return HttpResponse.json(body);
  }),
];
beforeEach(() => server.use(...handlers));

afterEach(async () => {
  cleanup();
  writeToken(null);
  localStorage.clear();
  saved.length = 0;
  accountLocale = 'nl';
  await setLanguage('nl', { remember: false });
});

function Screen() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('login.title')}</h1>
      <p>{t('job.cancelQuestion')}</p>
      <LanguageSelect variant="field" />
    </>
  );
}

/** The top bar's part: the select, and the account's language applied at sign-in. */
function SignedInScreen() {
  useUserLanguage(useCurrentUser().data);
  return <Screen />;
}
const signIn = () => writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });

describe('the language stored with the account', () => {
  it('signed in, the account’s language applies on this browser', async () => {
    accountLocale = 'fr';
    signIn();
    renderWithProviders(<SignedInScreen />);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('signed in, a choice is saved with the account and stays', async () => {
    signIn();
    const { user } = renderWithProviders(<SignedInScreen />);
    const select = await screen.findByRole('combobox', { name: 'Taal' });
    await user.selectOptions(select, 'English');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(saved).toEqual([{ locale: 'en' }]));
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('a choice made signed out wins over the account’s older one at the next sign-in', async () => {
    const first = renderWithProviders(<SignedInScreen />);
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Taal' }), 'Français');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(saved).toEqual([]);
    first.unmount();

    signIn();
    renderWithProviders(<SignedInScreen />);
    await vi.waitFor(() => expect(saved).toEqual([{ locale: 'fr' }]));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });
});

describe('the language choice', () => {
  it('switches the texts on screen at once, is remembered, sets the page language and goes with every API call', async () => {
    const { user } = renderWithProviders(<Screen />);
    expect(screen.getByRole('heading', { name: 'Aanmelden' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Taal' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nederlands', 'Français', 'English']);
    await api('/api/ping');

    await user.selectOptions(select, 'Français');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Voulez-vous vraiment annuler cet envoi ? Les offres seront perdues.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(initialLanguage()).toBe('fr');
    await api('/api/ping');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'English');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await api('/api/ping');

    expect(languages).toEqual(['nl-BE', 'fr-BE', 'en-GB']);
  });

  it('is reached with Tab and is a native select (arrow keys choose, as in every browser)', async () => {
    const { user } = renderWithProviders(<Screen />);
    await user.tab();
    const select = screen.getByRole('combobox', { name: 'Taal' });
    expect(select).toHaveFocus();
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveAccessibleDescription('De taal van de app, je meldingen en de foutmeldingen van de server.');
  });

  it('a visitor without a choice gets the browser language when it is nl, fr or en, else Dutch', () => {
    const spy = (langs: string[]) => Object.defineProperty(navigator, 'languages', { value: langs, configurable: true });
    try {
      spy(['fr-BE', 'nl']);
      expect(initialLanguage()).toBe('fr');
      spy(['de-DE', 'en-US']);
      expect(initialLanguage()).toBe('en');
      spy(['de-DE', 'it']);
      expect(initialLanguage()).toBe('nl');
      localStorage.setItem('vm.language', 'en');
      spy(['fr-BE']);
      expect(initialLanguage()).toBe('en');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
    }
  });

  it('a route loaded after the switch gets the screens of the chosen language', async () => {
    await setLanguage('fr');
    await loadAllTexts();
    expect(i18next.t('wizard.complete')).toBe("Publier l'envoi");
    expect(localeTag()).toBe('fr-BE');
  });
});
