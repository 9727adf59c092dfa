import type { TokenResponse, User } from '@vm/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call, requestToken, storeTokens } from './api-client.ts';
import { configQuery } from './config.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { onTokenChange, readToken, writeToken } from './token-store.ts';

// Who is signed in: the stored token plus GET /api/user. Shared by the layout and the features.

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: ({ signal }) => call('GET /api/user', { signal }),
  staleTime: 60_000,
});

const tokenSnapshot = () => readToken()?.refresh_token ?? readToken()?.access_token ?? null;

/** True while a token is stored (re-renders on login, refresh and logout). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(onTokenChange, tokenSnapshot) !== null;
}

export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery({ ...currentUserQuery, enabled: signedIn });
}

export async function logIn(email: string, password: string): Promise<User> {
  storeTokens(await requestToken({ grant_type: 'password', username: email, password }));
  return queryClient.fetchQuery(currentUserQuery);
}

/** Signs in with tokens the server gave another way (a social login): stored like a password login's. */
export async function signInWith(tokens: TokenResponse): Promise<User> {
  storeTokens(tokens);
  return queryClient.fetchQuery(currentUserQuery);
}

/**
 * Logout needs no server call (SPEC section 2): forget the tokens and every cached answer but the
 * server's configuration (nobody's data), which the login page's social buttons read.
 */
export function logOut(): void {
  writeToken(null);
  const config = queryClient.getQueryData(configQuery.queryKey);
  queryClient.clear();
  if (config) queryClient.setQueryData(configQuery.queryKey, config);
}

/** A client-credentials token for the registration calls; kept in memory only. */
let clientToken: Promise<string> | null = null;
export function getClientToken(): Promise<string> {
  clientToken ??= requestToken({ grant_type: 'client_credentials' })
    .then((t) => t.access_token)
    .catch((err) => {
      clientToken = null;
      throw err;
    });
  return clientToken;
}
