import type { User } from '@vm/domain';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';

// Calls on the signed-in user that more than one feature makes (register and account).

export async function uploadProfilePicture(userId: number, file: File) {
  const form = new FormData();
  form.append('content', JSON.stringify({ object: 'user', object_id: userId, attachments: [{ file: 'file', type: 'profile_picture' }] }));
  form.append('file', file);
  const res = await api<{ attachments: { id: string; image: NonNullable<User['profile_picture']>['image'] }[] }>('/api/attachment', { form });
  // The top bar and the account page show the new picture right away.
  await queryClient.invalidateQueries({ queryKey: ['user'] });
  return res;
}

export function sendPhoneCode(cellphone: string, bearer?: string) {
  return api<{ cellphone: string; expires_in: number }>('/api/phone/verification', { body: { cellphone }, bearer });
}

export function checkPhoneCode(cellphone: string, code: string, bearer?: string) {
  return api<{ verification_token: string }>('/api/phone/verification/check', { body: { cellphone, code }, bearer });
}
