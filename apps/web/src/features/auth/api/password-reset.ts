import { call } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string) => call('POST /api/password/forgot', { body: { email } });
export const resetPassword = (token: string, password: string, repeat_password: string) =>
  call('POST /api/password/reset', { body: { token, password, repeat_password } });
