import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// POST /api/attachment with the signed-in user's profile picture (made at registration and on the
// account page).

export function uploadProfilePicture({ userId, file }: { userId: number; file: File }) {
  const form = new FormData();
  form.append('content', JSON.stringify({ object: 'user', object_id: userId, attachments: [{ file: 'file', type: 'profile_picture' }] }));
  form.append('file', file);
  return call('POST /api/attachment', { form });
}

/** The top bar and the account page show the new picture right away. */
export const useUploadProfilePicture = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.user }) });
};
