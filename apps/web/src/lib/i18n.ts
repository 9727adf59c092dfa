import { isMessageKey } from '@vm/domain/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { nlCore } from '../locales/nl-core.ts';

// Dutch first (SPEC section 1), English for any key Dutch would lack. The first paint has only
// the Dutch texts of the layout and the login screen (the login route's size budget); every other
// route waits for loadAllTexts before it renders.
void i18next.use(initReactI18next).init({
  lng: 'nl',
  fallbackLng: 'en',
  resources: { nl: { translation: nlCore } },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Re-render when the rest of the texts arrive (a screen shown while they load).
  react: { bindI18nStore: 'added' },
});

let allTexts: Promise<void> | null = null;
/** Loads the other screens' Dutch texts and the English fallback, once. */
export function loadAllTexts(): Promise<void> {
  allTexts ??= Promise.all([import('../locales/nl-screens.ts'), import('../locales/en.ts')])
    .then(([{ nlScreens }, { en }]) => {
      i18next.addResourceBundle('nl', 'translation', nlScreens, true, false);
      i18next.addResourceBundle('en', 'translation', en, true, false);
    })
    .catch((err: unknown) => {
      allTexts = null;
      throw err;
    });
  return allTexts;
}

export { i18next };

/** A catalogue key from a domain schema or the server, shown in Dutch. */
export const validationText = (key: string | undefined) => (key && isMessageKey(key) ? i18next.t(`validation.${key}`) : key);
