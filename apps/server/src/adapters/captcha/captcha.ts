/** Proves a human sent the SMS request (SPEC: invisible captcha). Disabled by default. */
export type Captcha = { readonly enabled: boolean; verify(token: string | undefined, ip: string): Promise<boolean> };

export const noCaptcha: Captcha = { enabled: false, verify: async () => true };

/** Google reCAPTCHA (v2 invisible or v3) server-side check. */
export function recaptcha(secret: string, fetchImpl: typeof fetch = fetch): Captcha {
  return {
    enabled: true,
    async verify(token, ip) {
      if (!token) return false;
      const res = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean };
      return body.success === true;
    },
  };
}
