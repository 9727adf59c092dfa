import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LANGUAGE_INFO, localeOr, localeTagOf, LOCALES } from './languages.ts';
import { localeFromAcceptLanguage } from './messages.ts';

describe('the languages registry', () => {
  it('lists Dutch, French and English with the tags the formats used before, each name in its own language', () => {
    expect(LOCALES).toEqual(['nl', 'fr', 'en']);
    expect(LOCALES.map(localeTagOf)).toEqual(['nl-BE', 'fr-BE', 'en-GB']);
    expect(LOCALES.map((l) => LANGUAGE_INFO[l].name)).toEqual(['Nederlands', 'Français', 'English']);
    expect(Object.keys(LANGUAGE_INFO).sort()).toEqual([...LOCALES].sort());
  });

  it('defaults to Dutch and falls back to English, as the Accept-Language reading does', () => {
    expect(DEFAULT_LOCALE).toBe('nl');
    expect(FALLBACK_LOCALE).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe(DEFAULT_LOCALE);
    expect(localeFromAcceptLanguage('de-DE,es;q=0.5')).toBe(FALLBACK_LOCALE);
    expect(localeFromAcceptLanguage('de, fr-BE;q=0.8')).toBe('fr');
  });

  it('guards values read from outside', () => {
    expect(LOCALES.every(isLocale)).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isLocale('NL')).toBe(false);
    expect(localeOr('fr')).toBe('fr');
    expect(localeOr('de')).toBe('nl');
    expect(localeOr(null, 'en')).toBe('en');
  });
});
