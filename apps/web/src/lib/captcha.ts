import type { AppConfig } from '@vm/domain';

// The invisible captcha on SMS sends (SPEC section 2). GET /api/config names the provider and its
// site key; without one nothing is loaded and no token is sent. With one, the provider's script is
// added on the first send, an invisible widget is rendered once, and each send runs its challenge.

export type CaptchaConfig = AppConfig['captcha'];
type Provider = Exclude<CaptchaConfig['provider'], 'none'>;

/** The three widgets share this much of their API (render explicitly, execute, reset). */
type WidgetApi = {
  render(el: HTMLElement, options: Record<string, unknown>): string | number;
  execute(id: string | number): void;
  reset(id: string | number): void;
};

export const captchaScripts: Record<Provider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};
const globals: Record<Provider, string> = { recaptcha: 'grecaptcha', hcaptcha: 'hcaptcha', turnstile: 'turnstile' };
const ONLOAD = '__vmCaptchaLoaded';

/** The provider's script or challenge failed in the browser: shown as the catalogue's captcha_unavailable. */
export class CaptchaFailed extends Error {}

let loading: { provider: Provider; api: Promise<WidgetApi> } | null = null;
let widget: { key: string; id: string | number; pending: ((r: { token?: string; error?: string }) => void) | null } | null = null;

function loadScript(provider: Provider): Promise<WidgetApi> {
  if (loading?.provider === provider) return loading.api;
  const api = new Promise<WidgetApi>((resolve, reject) => {
    const w = window as unknown as Record<string, unknown>;
    w[ONLOAD] = () => resolve(w[globals[provider]] as WidgetApi);
    const script = document.createElement('script');
    script.src = `${captchaScripts[provider]}?render=explicit&onload=${ONLOAD}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new CaptchaFailed('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  loading = { provider, api };
  return api;
}

/** Whether sends need a captcha token (and the provider's script). */
export const captchaEnabled = (c: CaptchaConfig | undefined | null): c is CaptchaConfig & { provider: Provider; site_key: string } =>
  !!c && c.provider !== 'none' && !!c.site_key;

/**
 * A fresh token for one SMS send, or undefined without a provider. Rejects when the script cannot
 * load or the challenge fails; the caller shows that as an error on the number.
 */
export async function captchaToken(c: CaptchaConfig | undefined | null): Promise<string | undefined> {
  if (!captchaEnabled(c)) return undefined;
  const api = await loadScript(c.provider);
  const key = `${c.provider}:${c.site_key}`;
  if (widget?.key !== key) {
    const el = document.createElement('div');
    el.className = 'captcha-widget';
    document.body.appendChild(el);
    const w: NonNullable<typeof widget> = { key, id: 0, pending: null };
    const settle = (r: { token?: string; error?: string }) => {
      const p = w.pending;
      w.pending = null;
      p?.(r);
    };
    w.id = api.render(el, {
      sitekey: c.site_key,
      size: c.provider === 'turnstile' ? 'flexible' : 'invisible',
      ...(c.provider === 'turnstile' ? { execution: 'execute', appearance: 'interaction-only' } : {}),
      callback: (token: string) => settle({ token }),
      'error-callback': () => settle({ error: 'captcha challenge failed' }),
      'expired-callback': () => settle({ error: 'captcha challenge expired' }),
      // hCaptcha: the visitor closed a challenge it had to show.
      'close-callback': () => settle({ error: 'captcha challenge closed' }),
    });
    widget = w;
  }
  const w = widget;
  try {
    const result = await new Promise<{ token?: string; error?: string }>((resolve) => {
      w.pending = resolve;
      api.execute(w.id);
    });
    if (!result.token) throw new CaptchaFailed(result.error ?? 'captcha challenge failed');
    return result.token;
  } finally {
    // A token is good for one check only: the next send runs a new challenge.
    api.reset(w.id);
  }
}

/** For tests: forget the loaded script and widget. */
export function resetCaptchaForTests() {
  loading = null;
  widget = null;
}
