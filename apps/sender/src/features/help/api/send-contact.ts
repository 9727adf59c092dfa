import { useMutation } from '@tanstack/react-query';
import { call, type RouteInput } from '@vm/client/api-client.ts';
import { getClientToken } from '@vm/client/session.ts';
import { readToken } from '@vm/client/token-store.ts';

export type ContactBody = RouteInput<'POST /api/support/contact'>['body'];

/** POST /api/support/contact: with the user's token when signed in, else a client-credentials one. */
export const sendContact = async (body: ContactBody) => call('POST /api/support/contact', readToken() ? { body } : { body, bearer: await getClientToken() });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
