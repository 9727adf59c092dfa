import '../src/testing/web-test-setup.ts';
import { setCurrentLanguage } from '../src/locale.ts';

// jsdom's browser speaks en-US; the tests start in Dutch, the product language, as the apps do
// for a visitor without a choice.
setCurrentLanguage('nl');
