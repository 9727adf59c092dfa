import { cleanup } from '@testing-library/react';
import { writeToken } from '@vm/client/token-store.ts';
import { signInGreetAndSignOut } from '@vm/ui/testing/placeholder-sign-in.tsx';
import { afterEach, describe, it } from 'vitest';

afterEach(() => {
  cleanup();
  writeToken(null);
});

describe('the operations app before its screens exist', () => {
  it('signs an operator in with email and password, greets them by name and signs them out', async () => {
    await signInGreetAndSignOut('Aanmelden bij beheer');
  });
});
