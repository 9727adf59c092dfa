import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useTranslation } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { i18next, loadAllTexts, setLanguage } from '../lib/i18n.ts';
import { initialLanguage, localeTag } from '../lib/locale.ts';
import { renderWithProviders } from '../test-render.tsx';
import { LanguageSelect } from './language-select.tsx';

const languages: string[] = [];
const server = setupServer(
  http.get('*/api/ping', ({ request }) => {
    languages.push(request.headers.get('accept-language') ?? '');
    return HttpResponse.json({ ok: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  await setLanguage('nl', { remember: false });
});
afterAll(() => server.close());

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
