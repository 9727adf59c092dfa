import type { UpdateUserInput } from '@vm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// PUT /api/user: the whole user (with company); the answer is the saved user.

export const updateUser = (body: UpdateUserInput) => call('PUT /api/user', { body });

/** The cache then holds the saved user. */
export const useUpdateUser = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => client.setQueryData(queryKeys.user, user) });
};
