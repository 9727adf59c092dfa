import { startPlaceholderApp } from '@vm/ui/start-placeholder-app.tsx';
import { textsReady } from './i18n.ts';

startPlaceholderApp(textsReady);
