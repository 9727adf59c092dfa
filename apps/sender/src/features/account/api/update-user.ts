import type { UpdateUserInput, User } from '@vm/domain';
import { call } from '@vm/client/api-client.ts';
import { queryClient } from '@vm/client/query-client.ts';

/** PUT /api/user; the cache then holds the saved user. */
export async function updateUser(body: UpdateUserInput): Promise<User> {
  const user = await call('PUT /api/user', { body });
  queryClient.setQueryData(['user'], user);
  return user;
}
