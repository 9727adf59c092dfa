/**
 * Proves a human sent the SMS request (SPEC: invisible captcha). Disabled by default; with
 * CAPTCHA_PROVIDER set, the token the browser got from the provider's widget is checked at the
 * provider's siteverify endpoint (form-encoded secret, response, remoteip) before a code is sent.
 */

import { CAPTCHA_ACTION, CAPTCHA_PROVIDERS } from '@vm/domain';

export const captchaProviders = CAPTCHA_PROVIDERS;
export type CaptchaProvider = (typeof captchaProviders)[number];
/** Google's advice for reCAPTCHA v3 when CAPTCHA_MIN_SCORE is not set: 0.5 and up is likely human. */
const V3_DEFAULT_MIN_SCORE = 0.5;

/** The provider did not answer usably (network, timeout, 5xx, not JSON, our own secret refused): 503, not 500. */
export class CaptchaUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`captcha provider unavailable: ${reason}`);
  }
}

export type Captcha = {
  readonly provider: CaptchaProvider;
  readonly enabled: boolean;
  /** true for a valid token; false for a missing, invalid, expired or used one. Throws CaptchaUnavailable on an outage. */
  verify(token: string | undefined, ip: string): Promise<boolean>;
};

export const noCaptcha: Captcha = { provider: 'none', enabled: false, verify: async () => true };

/** Each provider's siteverify endpoint. */
export const verifyUrls: Record<Exclude<CaptchaProvider, 'none'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  recaptcha_v3: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

// Error codes that mean our configuration is wrong, not the visitor's token: an outage for them.
const configErrors = new Set(['missing-input-secret', 'invalid-input-secret', 'sitekey-secret-mismatch']);

export type CaptchaOptions = {
  provider: Exclude<CaptchaProvider, 'none'>;
  secret: string;
  siteKey?: string | null;
  /** Overrides the provider's siteverify URL (tests, an egress proxy). */
  verifyUrl?: string | null;
  timeoutMs?: number;
  /** reCAPTCHA: tokens scoring below this are refused (v3 default 0.5). Ignored when the answer has no score (v2). */
  minScore?: number | null;
  fetchImpl?: typeof fetch;
};

export function siteverifyCaptcha(o: CaptchaOptions): Captcha {
  const url = o.verifyUrl ?? verifyUrls[o.provider];
  const fetchImpl = o.fetchImpl ?? fetch;
  const v3 = o.provider === 'recaptcha_v3';
  const minScore = o.minScore ?? (v3 ? V3_DEFAULT_MIN_SCORE : null);
  return {
    provider: o.provider,
    enabled: true,
    async verify(token, ip) {
      if (!token || !token.trim()) return false;
      const form = new URLSearchParams({ secret: o.secret, response: token, remoteip: ip });
      if (o.provider === 'hcaptcha' && o.siteKey) form.set('sitekey', o.siteKey);
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(o.timeoutMs ?? 5_000),
        });
      } catch (err) {
        throw new CaptchaUnavailable(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network');
      }
      if (!res.ok) throw new CaptchaUnavailable(`http ${res.status}`);
      const body = (await res.json().catch(() => null)) as { success?: unknown; score?: unknown; action?: unknown; 'error-codes'?: unknown } | null;
      if (!body || typeof body.success !== 'boolean') throw new CaptchaUnavailable('unreadable answer');
      const codes = Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : [];
      if (!body.success && codes.some((c) => configErrors.has(c))) throw new CaptchaUnavailable(`configuration (${codes.join(', ')})`);
      if (!body.success) return false;
      if (v3) {
        // A v3 token is a score for one action: one made for another action (or page) is not this send's.
        if (typeof body.score !== 'number' || body.action !== CAPTCHA_ACTION) return false;
      }
      if (minScore != null && typeof body.score === 'number' && body.score < minScore) return false;
      return true;
    },
  };
}

/** Google reCAPTCHA (v2 invisible or v3) server-side check. */
export const recaptcha = (secret: string, fetchImpl?: typeof fetch): Captcha => siteverifyCaptcha({ provider: 'recaptcha', secret, fetchImpl });

/** The adapter CAPTCHA_PROVIDER asks for. */
export function selectCaptcha(c: {
  provider: CaptchaProvider;
  siteKey: string | null;
  secret: string | null;
  verifyUrl: string | null;
  timeoutMs: number;
  minScore: number | null;
}): Captcha {
  if (c.provider === 'none' || !c.secret) return noCaptcha;
  return siteverifyCaptcha({ provider: c.provider, secret: c.secret, siteKey: c.siteKey, verifyUrl: c.verifyUrl, timeoutMs: c.timeoutMs, minScore: c.minScore });
}
