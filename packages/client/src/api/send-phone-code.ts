import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';

// POST /api/phone/verification: an SMS code to the number (at registration with a client token,
// on the account page with the user's).

/** `captchaToken`: the invisible captcha's answer when the server asks for one (GET /api/config). */
export function sendPhoneCode(cellphone: string, bearer?: string, captchaToken?: string) {
  return call('POST /api/phone/verification', { body: captchaToken ? { cellphone, captcha_token: captchaToken } : { cellphone }, bearer });
}

type Send = { cellphone: string; bearer: () => Promise<string | undefined>; captchaToken: () => Promise<string | undefined> };

/** The bearer and the captcha's answer are fetched inside, so the pending state covers them too. */
export const useSendPhoneCode = () =>
  useMutation({ mutationFn: async ({ cellphone, bearer, captchaToken }: Send) => sendPhoneCode(cellphone, await bearer(), await captchaToken()) });
