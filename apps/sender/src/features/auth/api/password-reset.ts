import { call } from '@vm/client/api-client.ts';

export const requestPasswordReset = (email: string) => call('POST /api/password/forgot', { body: { email } });
export const resetPassword = (token: string, password: string, repeat_password: string) =>
  call('POST /api/password/reset', { body: { token, password, repeat_password } });

/** Whether a reset link still works (asked when the reset page opens). */
export const checkResetLink = (token: string) => call('POST /api/password/reset/check', { body: { token } });
