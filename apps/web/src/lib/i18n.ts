import { isMessageKey } from '@vm/domain/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';
import { nl } from '../locales/nl.ts';

// Dutch first (SPEC section 1), English for any key Dutch would lack.
void i18next.use(initReactI18next).init({
  lng: 'nl',
  fallbackLng: 'en',
  resources: { nl: { translation: nl }, en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export { i18next };

/** A catalogue key from a domain schema or the server, shown in Dutch. */
export const validationText = (key: string | undefined) => (key && isMessageKey(key) ? i18next.t(`validation.${key}`) : key);
