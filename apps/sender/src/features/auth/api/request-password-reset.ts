import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

/** POST /api/password/forgot: a reset link by mail (the answer is the same whether or not the address is known). */
export const requestPasswordReset = (email: string) => call('POST /api/password/forgot', { body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
