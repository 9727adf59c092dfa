import { api } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string) => api<null>('/api/password/forgot', { body: { email } });
export const resetPassword = (token: string, password: string, repeat_password: string) =>
  api<null>('/api/password/reset', { body: { token, password, repeat_password } });
