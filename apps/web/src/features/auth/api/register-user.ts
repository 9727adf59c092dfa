import { api } from '../../../lib/api-client.ts';

export type RegisterBody = {
  first_name: string;
  last_name: string;
  cellphone: string;
  birthday: string;
  email: string;
  password: string;
  repeat_password: string;
  address: { country: string };
  verification_token: string;
};

/** POST /api/user with a client-credentials token (SPEC section 7). */
export const registerUser = (body: RegisterBody, clientToken: string) => api<{ id: number }>('/api/user', { body, bearer: clientToken });
