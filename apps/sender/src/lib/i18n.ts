import { setUpTexts } from '@vm/client/i18n.ts';
import { nlCore } from '../locales/nl-core.ts';
import type { CoreTranslations, ScreenTranslations } from '../locales/nl.ts';

// The sender's catalogues. The first paint has only the texts of the layout and the login screen
// (the login route's size budget): Dutch is in the entry chunk, French and English come as a
// small chunk before the first render (textsReady). Every other route waits for loadAllTexts.

const core: Record<'nl' | 'fr' | 'en', () => Promise<CoreTranslations>> = {
  nl: () => Promise.resolve(nlCore),
  fr: () => import('../locales/fr-core.ts').then((m) => m.frCore),
  en: () => import('../locales/en.ts').then((m) => m.en),
};
const screens: Record<'nl' | 'fr' | 'en', () => Promise<ScreenTranslations>> = {
  nl: () => import('../locales/nl-screens.ts').then((m) => m.nlScreens),
  fr: () => import('../locales/fr-screens.ts').then((m) => m.frScreens),
  en: () => import('../locales/en.ts').then((m) => m.en),
};

export const { textsReady, loadAllTexts, setLanguage } = setUpTexts({ nlCore, core, screens });
export { i18next, validationText } from '@vm/client/i18n.ts';
