import type { User } from '@vm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import type { Language } from '../locale.ts';
import { queryKeys } from '../query-keys.ts';

// PUT /api/user/locale: the language goes with the account.

export const saveUserLanguage = (locale: Language) => call('PUT /api/user/locale', { body: { locale } });

/** The cached user changes first, so the screen cannot switch back while the call runs. */
export const useSaveUserLanguage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUserLanguage,
    onMutate: (locale) => client.setQueryData<User>(queryKeys.user, (user) => (user ? { ...user, locale } : user)),
  });
};
