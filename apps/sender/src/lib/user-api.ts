import type { User } from '@vm/domain';
import { call } from '@vm/client/api-client.ts';
import type { Language } from '@vm/client/locale.ts';
import { queryClient } from '@vm/client/query-client.ts';

// Calls on the signed-in user that more than one feature makes (register and account).

export async function uploadProfilePicture(userId: number, file: File) {
  const form = new FormData();
  form.append('content', JSON.stringify({ object: 'user', object_id: userId, attachments: [{ file: 'file', type: 'profile_picture' }] }));
  form.append('file', file);
  const res = await call('POST /api/attachment', { form });
  // The top bar and the account page show the new picture right away.
  await queryClient.invalidateQueries({ queryKey: ['user'] });
  return res;
}

/** `captchaToken`: the invisible captcha's answer when the server asks for one (GET /api/config). */
export function sendPhoneCode(cellphone: string, bearer?: string, captchaToken?: string) {
  return call('POST /api/phone/verification', { body: captchaToken ? { cellphone, captcha_token: captchaToken } : { cellphone }, bearer });
}

export function checkPhoneCode(cellphone: string, code: string, bearer?: string) {
  return call('POST /api/phone/verification/check', { body: { cellphone, code }, bearer });
}

/** Saves the language with the account; the cached user changes first, so it cannot switch back. */
export async function saveUserLanguage(locale: Language): Promise<void> {
  queryClient.setQueryData<User>(['user'], (user) => (user ? { ...user, locale } : user));
  await call('PUT /api/user/locale', { body: { locale } });
}
