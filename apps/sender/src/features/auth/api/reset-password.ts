import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

type Reset = { token: string; password: string; repeat_password: string };

/** POST /api/password/reset: the reset link's token and the new password, twice. */
export const resetPassword = (body: Reset) => call('POST /api/password/reset', { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
