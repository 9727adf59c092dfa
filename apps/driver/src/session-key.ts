import { setTokenKey } from '@vm/client/token-store.ts';

// Imported first by main.tsx: the driver's session is kept apart from a sender's on this origin.
setTokenKey('vm.driver.token');
