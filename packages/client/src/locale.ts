// The UI language (nl, fr or en) and its locale tag, without i18next: the API client and the
// formatters read it, i18n.ts sets it. Initial choice: the stored choice, else the browser's
// language when it is nl, fr or en, else Dutch (the product language). Signed in, the account's
// language (GET /api/user locale) applies, and a choice is saved with the account.

import { DEFAULT_LOCALE, isLocale, LANGUAGE_INFO, type Locale, localeTagOf, LOCALES } from '@vm/domain/languages';

/** The languages, in a picker's order (the domain's registry). */
export const LANGUAGES = LOCALES;
export type Language = Locale;

/** Each language's own name, as a picker shows it ("Français" on a Dutch screen too). */
export const languageName = (language: Language): string => LANGUAGE_INFO[language].name;

const STORAGE_KEY = 'vm.language';

export const isLanguage = isLocale;

/** The language the visitor chose on this browser, or null. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

// A choice made while signed out goes to the account at the next sign-in: the latest choice
// wins, whether it was made on this browser or on another device.
const UNSAVED_KEY = 'vm.language.unsaved';

export function markLanguageUnsaved(unsaved: boolean): void {
  try {
    if (unsaved) localStorage.setItem(UNSAVED_KEY, '1');
    else localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // No storage: the account's language applies at sign-in.
  }
}

export function languageUnsaved(): boolean {
  try {
    return localStorage.getItem(UNSAVED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The first of the browser's languages that we have (fr-BE gives fr), or null. */
export function browserLanguage(): Language | null {
  const list = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of list) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

export const initialLanguage = (): Language => storedLanguage() ?? browserLanguage() ?? DEFAULT_LOCALE;

let current: Language = DEFAULT_LOCALE;
export const currentLanguage = (): Language => current;
/** Set by i18n.ts before i18next switches, so the screens re-render with the new tag. */
export function setCurrentLanguage(language: Language): void {
  current = language;
}

/** The current locale tag: nl-BE, fr-BE or en-GB. */
export const localeTag = (): string => localeTagOf(current);
