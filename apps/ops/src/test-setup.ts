import '@testing-library/jest-dom/vitest';
import '@vm/client/testing/web-test-setup.ts';
import { setLanguage } from './i18n.ts';

// jsdom's browser speaks en-US: the tests start in Dutch, the product language.
await setLanguage('nl', { remember: false });
