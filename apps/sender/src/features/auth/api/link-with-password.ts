import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { getClientToken, signInWith } from '@vm/client/session.ts';

/** POST /api/auth/social/link: the existing account's password links the identity and signs in. */
export const linkWithPassword = (ticket: string, password: string, clientToken: string) =>
  call('POST /api/auth/social/link', { body: { ticket, password }, bearer: clientToken });

/** Links with a client token, then signs in with the tokens the answer brings. */
export const useLinkWithPassword = () =>
  useMutation({ mutationFn: async ({ ticket, password }: { ticket: string; password: string }) => signInWith(await linkWithPassword(ticket, password, await getClientToken())) });
