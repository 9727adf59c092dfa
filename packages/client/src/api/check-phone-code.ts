import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';

// POST /api/phone/verification/check: the SMS code gives a verification token for the number.

export function checkPhoneCode(cellphone: string, code: string, bearer?: string) {
  return call('POST /api/phone/verification/check', { body: { cellphone, code }, bearer });
}

type Check = { cellphone: string; code: string; bearer: () => Promise<string | undefined> };

export const useCheckPhoneCode = () => useMutation({ mutationFn: async ({ cellphone, code, bearer }: Check) => checkPhoneCode(cellphone, code, await bearer()) });
