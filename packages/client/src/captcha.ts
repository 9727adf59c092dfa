import { type AppConfig, CAPTCHA_ACTION } from '@vm/domain/app-config';

// The invisible captcha on SMS sends (SPEC section 2). GET /api/config names the provider and its
// site key; without one nothing is loaded and no token is sent. With one, the provider's script is
// added on the first send, an invisible widget is rendered once, and each send runs its challenge.
// reCAPTCHA v3 has no widget and no challenge: each send asks its script for a scored token.

export type CaptchaConfig = AppConfig['captcha'];
type Provider = Exclude<CaptchaConfig['provider'], 'none'>;

/** The three widgets share this much of their API (render explicitly, execute, reset). */
type WidgetApi = {
  render(el: HTMLElement, options: Record<string, unknown>): string | number;
  execute(id: string | number): void;
  reset(id: string | number): void;
};
/** reCAPTCHA v3: a token per action, for the site key the script was loaded with. */
type ScoreApi = { execute(siteKey: string, options: { action: string }): PromiseLike<string> };

export const captchaScripts: Record<Provider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  recaptcha_v3: 'https://www.google.com/recaptcha/api.js',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};
const globals: Record<Provider, string> = { recaptcha: 'grecaptcha', recaptcha_v3: 'grecaptcha', hcaptcha: 'hcaptcha', turnstile: 'turnstile' };
const ONLOAD = '__vmCaptchaLoaded';

/**
 * The provider's script or challenge failed in the browser: shown as the catalogue's
 * captcha_unavailable, or captcha_closed when the visitor closed the challenge.
 */
export class CaptchaFailed extends Error {
  constructor(
    message: string,
    readonly closed = false,
  ) {
    super(message);
  }
}

let loading: { key: string; api: Promise<unknown> } | null = null;
let widget: { key: string; id: string | number; pending: ((r: { token?: string; error?: string }) => void) | null } | null = null;

function loadScript<Api>(provider: Provider, siteKey: string): Promise<Api> {
  // v3 is loaded for its site key (render=<key>); the widgets render explicitly.
  const render = provider === 'recaptcha_v3' ? siteKey : 'explicit';
  const key = `${provider}:${render}`;
  if (loading?.key === key) return loading.api as Promise<Api>;
  const api = new Promise<Api>((resolve, reject) => {
    // The provider's script calls this global when it is ready, and puts its API on another.
    Reflect.set(window, ONLOAD, () => resolve(Reflect.get(window, globals[provider])));
    const script = document.createElement('script');
    script.src = `${captchaScripts[provider]}?render=${encodeURIComponent(render)}&onload=${ONLOAD}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new CaptchaFailed('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  loading = { key, api };
  return api;
}

const CLOSED = 'captcha challenge closed';
// How long a send waits for the challenge at most: the visitor may walk away from it.
const CHALLENGE_TIMEOUT_MS = 3 * 60_000;

/**
 * reCAPTCHA v2 has no callback for a challenge the visitor closed: its challenge frame (…/bframe)
 * sits in a container that is hidden again on close. Seeing it hidden, and no token a moment
 * later, ends the send, so the button does not stay busy.
 */
function watchRecaptchaClose(onClosed: () => void): () => void {
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/recaptcha/"][src*="bframe"]');
    let container: HTMLElement | null = frame ?? null;
    while (container?.parentElement && container.parentElement !== document.body) container = container.parentElement;
    if (!container || container === frame) return;
    const visible = getComputedStyle(container).visibility !== 'hidden';
    if (visible) {
      shown = true;
      clearTimeout(timer);
    } else if (shown && timer === undefined) {
      timer = setTimeout(onClosed, 500);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
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
  if (c.provider === 'recaptcha_v3') {
    const v3 = await loadScript<ScoreApi>(c.provider, c.site_key);
    try {
      const token = await v3.execute(c.site_key, { action: CAPTCHA_ACTION });
      if (!token) throw new CaptchaFailed('no reCAPTCHA v3 token');
      return token;
    } catch (err) {
      throw err instanceof CaptchaFailed ? err : new CaptchaFailed('reCAPTCHA v3 failed');
    }
  }
  const api = await loadScript<WidgetApi>(c.provider, c.site_key);
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
      'close-callback': () => settle({ error: CLOSED }),
    });
    widget = w;
  }
  const w = widget;
  const settleWith = (error: string) => () => {
    const p = w.pending;
    w.pending = null;
    p?.({ error });
  };
  const stopWatching = c.provider === 'recaptcha' ? watchRecaptchaClose(settleWith(CLOSED)) : () => undefined;
  const timeout = setTimeout(settleWith('captcha challenge timed out'), CHALLENGE_TIMEOUT_MS);
  try {
    const result = await new Promise<{ token?: string; error?: string }>((resolve) => {
      w.pending = resolve;
      api.execute(w.id);
    });
    if (!result.token) throw new CaptchaFailed(result.error ?? 'captcha challenge failed', result.error === CLOSED);
    return result.token;
  } finally {
    stopWatching();
    clearTimeout(timeout);
    // A token is good for one check only: the next send runs a new challenge.
    api.reset(w.id);
  }
}

/** For tests: forget the loaded script and widget. */
export function resetCaptchaForTests() {
  loading = null;
  widget = null;
}
