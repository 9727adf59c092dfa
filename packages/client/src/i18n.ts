import { FALLBACK_LOCALE } from '@vm/domain/languages';
import { isMessageKey } from '@vm/domain/messages-nl';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, type Language, setCurrentLanguage, storeLanguage } from './locale.ts';

// Dutch, French or English (locale.ts picks the first one), English for any key a language would
// lack. Each app brings its own catalogues in two parts: `core` (the texts of the first paint,
// Dutch passed in whole so it sits in the entry chunk) and `screens` (every other route's texts,
// loaded with loadAllTexts before those routes render).

type Loaders = Record<Language, () => Promise<object>>;

export type Catalogues = {
  /** The Dutch first-paint texts, in the entry chunk. */
  nlCore: object;
  core: Loaders;
  /** The other screens' texts; omit when the core is the whole catalogue. */
  screens?: Loaders;
};

export type AppTexts = {
  /** Resolves when the first language's first-paint texts are there (at once for Dutch). */
  textsReady: Promise<void>;
  /** Loads the other screens' texts of the current language and the English fallback, once. */
  loadAllTexts: () => Promise<void>;
  /**
   * Switches the UI to a language: loads its texts first (all of them, so the screen on display
   * changes at once), then re-renders every text. `remember` keeps the choice on this browser.
   */
  setLanguage: (language: Language, options?: { remember?: boolean }) => Promise<void>;
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

function applyLanguage(language: Language): void {
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next with an app's catalogues; call once, at the app's entry. */
export function setUpTexts(catalogues: Catalogues): AppTexts {
  const languages = Object.keys(catalogues.core) as Language[];
  const screens = catalogues.screens ?? { nl: async () => ({}), fr: async () => ({}), en: async () => ({}) };
  const loadCore = Object.fromEntries(languages.map((l) => [l, once(catalogues.core[l], l)])) as Record<Language, () => Promise<void>>;
  const loadScreens = Object.fromEntries(languages.map((l) => [l, once(screens[l], l)])) as Record<Language, () => Promise<void>>;

  const first = initialLanguage();
  applyLanguage(first);
  void i18next.use(initReactI18next).init({
    lng: first,
    fallbackLng: FALLBACK_LOCALE,
    resources: { nl: { translation: { ...catalogues.nlCore } } },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    // Re-render when the rest of the texts arrive (a screen shown while they load).
    react: { bindI18nStore: 'added' },
  });

  let allTextsFor: Language | null = null;
  let allTexts: Promise<void> | null = null;
  return {
    textsReady: loadCore[first]().catch(() => undefined),
    loadAllTexts() {
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
    },
    async setLanguage(language, { remember = true } = {}) {
      if (remember) storeLanguage(language);
      await Promise.all([loadCore[language](), loadScreens[language](), loadScreens.en()]);
      applyLanguage(language);
      await i18next.changeLanguage(language);
    },
  };
}

export { i18next };

/** A catalogue key from a domain schema or the server, shown in the current language. */
export const validationText = (key: string | undefined) => (key && isMessageKey(key) ? i18next.t(`validation.${key}`) : key);
