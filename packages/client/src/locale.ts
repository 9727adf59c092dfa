// The UI language (nl, fr or en) and its locale tag, without i18next: the API client and the
// formatters read it, i18n.ts sets it. Initial choice: the stored choice, else the browser's
// language when it is nl, fr or en, else Dutch (the product language). Signed in, the account's
// language (GET /api/user locale) applies, and a choice is saved with the account.

export const LANGUAGES = ['nl', 'fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale tag of each language: Accept-Language and every date, number and euro format. */
export const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };

const STORAGE_KEY = 'vm.language';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

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

export const initialLanguage = (): Language => storedLanguage() ?? browserLanguage() ?? 'nl';

let current: Language = 'nl';
export const currentLanguage = (): Language => current;
/** Set by i18n.ts before i18next switches, so the screens re-render with the new tag. */
export function setCurrentLanguage(language: Language): void {
  current = language;
}

/** The current locale tag: nl-BE, fr-BE or en-GB. */
export const localeTag = (): string => LOCALE_TAGS[current];
