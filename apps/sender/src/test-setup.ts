import '@testing-library/jest-dom/vitest';
import '@vm/client/testing/web-test-setup.ts';
import { en } from './locales/en.ts';
import { nlScreens } from './locales/nl-screens.ts';
import { i18next, setLanguage } from './lib/i18n.ts';

// The app loads the screens' texts with their routes; a component test renders a screen directly.
// jsdom's browser speaks en-US: the tests start in Dutch, the product language, as the app does
// for a visitor without a choice.
i18next.addResourceBundle('nl', 'translation', nlScreens, true, false);
i18next.addResourceBundle('en', 'translation', en, true, false);
await setLanguage('nl', { remember: false });
