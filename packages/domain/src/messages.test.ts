import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, messages, translate } from './messages.ts';

describe('messages', () => {
  it('picks Dutch for nl-BE and absent headers, English for everything else', () => {
    expect(localeFromAcceptLanguage('nl-BE')).toBe('nl');
    expect(localeFromAcceptLanguage(undefined)).toBe('nl');
    expect(localeFromAcceptLanguage('fr-BE,fr;q=0.9,nl;q=0.8')).toBe('nl');
    expect(localeFromAcceptLanguage('fr-BE')).toBe('en');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de;q=1,nl;q=0')).toBe('en');
  });

  it('has every message in both languages, and keeps the refresh-token sentence literal', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.nl).sort());
    for (const text of [...Object.values(messages.nl), ...Object.values(messages.en)]) expect(text.trim()).not.toBe('');
    expect(translate('refresh_token_invalid', 'nl')).toBe('The refresh token is invalid.');
    expect(translate('unknown_key', 'nl')).toBe('unknown_key');
  });
});

describe('the reader’s language from Accept-Language', () => {
  it('follows the quality order, whatever the spacing and case', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, nl;q=0.9')).toBe('nl');
    expect(localeFromAcceptLanguage('nl;q=0.5, en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fr, en ; q=0.4, nl; q=0.6')).toBe('nl');
    expect(localeFromAcceptLanguage(' NL-be ')).toBe('nl');
    expect(localeFromAcceptLanguage('EN')).toBe('en');
  });

  it('reads Dutch when the header names no language at all', () => {
    expect(localeFromAcceptLanguage('')).toBe('nl');
    expect(localeFromAcceptLanguage(' , ;q=1')).toBe('nl');
    expect(localeFromAcceptLanguage('fr;q=0')).toBe('nl');
  });
});
