import { useMutation } from '@tanstack/react-query';
import { call, type RouteInput } from '@vm/client/api-client.ts';
import { getClientToken } from '@vm/client/session.ts';

/** The body the contract's POST /api/user takes. */
export type RegisterBody = RouteInput<'POST /api/user'>['body'];

/** POST /api/user with a client-credentials token (SPEC section 7). */
export const registerUser = (body: RegisterBody, clientToken: string) => call('POST /api/user', { body, bearer: clientToken });

export const useRegisterUser = () => useMutation({ mutationFn: async (body: RegisterBody) => registerUser(body, await getClientToken()) });
