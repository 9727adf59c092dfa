import { isMessageKey } from '@vm/domain/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { nlCore } from '../locales/nl-core.ts';
import type { CoreTranslations, ScreenTranslations } from '../locales/nl.ts';
import { initialLanguage, type Language, setCurrentLanguage, storeLanguage } from './locale.ts';

// Dutch, French or English (lib/locale.ts picks the first one), English for any key a language
// would lack. The first paint has only the texts of the layout and the login screen (the login
// route's size budget): Dutch is in the entry chunk, French and English come as a small chunk
// before the first render (textsReady). Every other route waits for loadAllTexts before it renders.

const cores: Record<Language, () => Promise<CoreTranslations>> = {
  nl: () => Promise.resolve(nlCore),
  fr: () => import('../locales/fr-core.ts').then((m) => m.frCore),
  en: () => import('../locales/en.ts').then((m) => m.en),
};
const screens: Record<Language, () => Promise<ScreenTranslations>> = {
  nl: () => import('../locales/nl-screens.ts').then((m) => m.nlScreens),
  fr: () => import('../locales/fr-screens.ts').then((m) => m.frScreens),
  en: () => import('../locales/en.ts').then((m) => m.en),
};

/** Loads a part of a language's catalogue once (a failed load is tried again next time). */
function once(load: () => Promise<object>, language: Language): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= load()
      .then((texts) => {
        // A copy: i18next merges later parts into the first object it gets.
        i18next.addResourceBundle(language, 'translation', { ...texts }, true, false);
      })
      .catch((err: unknown) => {
        loading = null;
        throw err;
      });
    return loading;
  };
}
const LANGS = Object.keys(cores) as Language[];
const loadCore = Object.fromEntries(LANGS.map((l) => [l, once(cores[l], l)])) as Record<Language, () => Promise<void>>;
const loadScreens = Object.fromEntries(LANGS.map((l) => [l, once(screens[l], l)])) as Record<Language, () => Promise<void>>;

function applyLanguage(language: Language): void {
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const first = initialLanguage();
applyLanguage(first);
void i18next.use(initReactI18next).init({
  lng: first,
  fallbackLng: 'en',
  resources: { nl: { translation: { ...nlCore } } },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Re-render when the rest of the texts arrive (a screen shown while they load).
  react: { bindI18nStore: 'added' },
});

/** Resolves when the first language's first-paint texts are there (at once for Dutch). */
export const textsReady: Promise<void> = loadCore[first]().catch(() => undefined);

let allTextsFor: Language | null = null;
let allTexts: Promise<void> | null = null;
/** Loads the other screens' texts of the current language and the English fallback, once. */
export function loadAllTexts(): Promise<void> {
  const language = i18next.language as Language;
  if (allTextsFor !== language) {
    allTextsFor = language;
    allTexts = Promise.all([loadCore[language](), loadScreens[language](), loadScreens.en()])
      .then(() => undefined)
      .catch((err: unknown) => {
        allTextsFor = null;
        throw err;
      });
  }
  return allTexts!;
}

/**
 * Switches the UI to a language: loads its texts first (all of them, so the screen on display
 * changes at once), then re-renders every text. `remember` keeps the choice on this browser.
 */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) storeLanguage(language);
  await Promise.all([loadCore[language](), loadScreens[language](), loadScreens.en()]);
  applyLanguage(language);
  await i18next.changeLanguage(language);
}

export { i18next };

/** A catalogue key from a domain schema or the server, shown in the current language. */
export const validationText = (key: string | undefined) => (key && isMessageKey(key) ? i18next.t(`validation.${key}`) : key);
