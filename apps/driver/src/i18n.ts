import { setUpTexts } from '@vm/client/i18n.ts';
import { nl } from './locales/nl.ts';

// The driver app's catalogues: Dutch in the entry chunk, French and English loaded before the first render.
export const { textsReady, setLanguage } = setUpTexts({
  nlCore: nl,
  core: {
    nl: () => Promise.resolve(nl),
    fr: () => import('./locales/fr.ts').then((m) => m.fr),
    en: () => import('./locales/en.ts').then((m) => m.en),
  },
});
