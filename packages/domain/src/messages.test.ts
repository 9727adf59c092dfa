import { describe, expect, it } from 'vitest';
import { isLocale, type Locale, localeFromAcceptLanguage, messages, translate } from './messages.ts';

const LOCALES: Locale[] = ['nl', 'fr', 'en'];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  it('picks Dutch for nl-BE and absent headers, French for French, English for everything else', () => {
    expect(localeFromAcceptLanguage('nl-BE')).toBe('nl');
    expect(localeFromAcceptLanguage(undefined)).toBe('nl');
    expect(localeFromAcceptLanguage('fr-BE,fr;q=0.9,nl;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('fr-BE')).toBe('fr');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de;q=1,nl;q=0')).toBe('en');
  });

  it('reads "*" (any language, what Node and curl-like tools send) as Dutch, after the languages named before it', () => {
    expect(localeFromAcceptLanguage('*')).toBe('nl');
    expect(localeFromAcceptLanguage('fr-BE, *;q=0.5')).toBe('fr');
    expect(localeFromAcceptLanguage('de, *;q=0.5')).toBe('nl');
  });

  it('has every message in the three languages, with the same placeholders and no empty text', () => {
    const keys = Object.keys(messages.nl).sort();
    for (const l of LOCALES) {
      expect(Object.keys(messages[l]).sort(), l).toEqual(keys);
      for (const key of keys) {
        const text = messages[l][key as keyof typeof messages.nl];
        expect(text.trim(), `${l}.${key}`).not.toBe('');
        expect(placeholders(text), `${l}.${key}`).toEqual(placeholders(messages.nl[key as keyof typeof messages.nl]));
      }
    }
  });

  it('keeps the refresh-token sentence literal in every language, and unknown keys as they are', () => {
    for (const l of LOCALES) expect(translate('refresh_token_invalid', l)).toBe('The refresh token is invalid.');
    expect(translate('unknown_key', 'nl')).toBe('unknown_key');
    expect(translate('unknown_key', 'fr')).toBe('unknown_key');
  });

  it('speaks French in the French catalogue', () => {
    expect(translate('invalid_credentials', 'fr')).toBe('L’adresse e-mail ou le mot de passe est incorrect.');
    expect(translate('required', 'fr')).toBe('Ce champ est obligatoire.');
    expect(translate('vat_locked', 'fr')).toContain('numéro de TVA');
    // Only the sentences kept literal on purpose are equal to the English ones.
    const same = (Object.keys(messages.fr) as (keyof typeof messages.fr)[]).filter((k) => messages.fr[k] === messages.en[k]);
    expect(same.sort()).toEqual(['refresh_token_invalid', 'webhook_signature_invalid']);
  });
});

describe('the reader’s language from Accept-Language', () => {
  it('follows the quality order, whatever the spacing and case', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, nl;q=0.9')).toBe('nl');
    expect(localeFromAcceptLanguage('nl;q=0.5, en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fr, en ; q=0.4, nl; q=0.6')).toBe('fr');
    expect(localeFromAcceptLanguage('nl;q=0.4, fr;q=0.8, en;q=0.6')).toBe('fr');
    expect(localeFromAcceptLanguage('fr;q=0.3, nl;q=0.7')).toBe('nl');
    expect(localeFromAcceptLanguage(' NL-be ')).toBe('nl');
    expect(localeFromAcceptLanguage('EN')).toBe('en');
    expect(localeFromAcceptLanguage('FR-be')).toBe('fr');
  });

  it('reads French for every French region', () => {
    for (const h of ['fr', 'fr-BE', 'fr-FR', 'fr-CA', 'fr-LU', 'fr-CH,de;q=0.5']) expect(localeFromAcceptLanguage(h), h).toBe('fr');
  });

  it('takes the first of equal quality, and skips languages it does not speak', () => {
    expect(localeFromAcceptLanguage('fr, nl')).toBe('fr');
    expect(localeFromAcceptLanguage('nl, fr')).toBe('nl');
    expect(localeFromAcceptLanguage('de-DE, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('de-BE,de;q=0.9,nl-BE;q=0.5')).toBe('nl');
  });

  it('answers English when the header names only languages it does not speak', () => {
    expect(localeFromAcceptLanguage('de')).toBe('en');
    expect(localeFromAcceptLanguage('de-DE,es;q=0.5')).toBe('en');
  });

  it('reads Dutch when the header names no language at all', () => {
    expect(localeFromAcceptLanguage('')).toBe('nl');
    expect(localeFromAcceptLanguage(' , ;q=1')).toBe('nl');
    expect(localeFromAcceptLanguage('fr;q=0')).toBe('nl');
    expect(localeFromAcceptLanguage('fr;q=abc')).toBe('nl');
  });
});

describe('Accept-Language as browsers and tools write it', () => {
  it.each([
    ['fr-BE, nl-BE', 'fr'],
    ['nl, fr', 'nl'],
    ['en, fr, nl', 'en'],
    ['en;q=0.1, nl', 'nl'],
    ['nl; q=0.5, fr; q=0.9', 'fr'],
    ['fr ; q=0.5 , nl ; q=0.9', 'nl'],
    ['nl;level=1, fr;q=0.5', 'nl'],
    ['NL-be', 'nl'],
    ['fr;q=abc, en;q=0.2', 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('isLocale', () => {
  it('knows nl, fr and en, nothing else', () => {
    expect(['nl', 'fr', 'en'].every(isLocale)).toBe(true);
    for (const v of ['de', 'NL', '', undefined, null, ['nl'], 1]) expect(isLocale(v), String(v)).toBe(false);
  });
});
