import { afterEach, describe, expect, it } from 'vitest';
import { CaptchaFailed, captchaToken, resetCaptchaForTests } from '@vm/client/captcha.ts';

// The provider's real script is never fetched in tests: the loaded script is played by a fake
// widget API put on window, then the script's onload callback is called by hand.
type Options = { sitekey: string; callback: (token: string) => void; 'error-callback': () => void };

function captchaScripts() {
  return [...document.querySelectorAll('script')].filter((s) => /captcha|recaptcha|turnstile/.test(s.src));
}

function fakeProvider(global: string, outcome: (n: number) => string | null) {
  const calls = { rendered: [] as Options[], executed: 0, reset: 0 };
  let options: Options | null = null;
  (window as unknown as Record<string, unknown>)[global] = {
    render: (_el: HTMLElement, o: Options) => {
      options = o;
      calls.rendered.push(o);
      return 'w1';
    },
    execute: () => {
      calls.executed += 1;
      const token = outcome(calls.executed);
      queueMicrotask(() => (token ? options!.callback(token) : options!['error-callback']()));
    },
    reset: () => void (calls.reset += 1),
  };
  return calls;
}

const loaded = () => (window as unknown as Record<string, () => void>).__vmCaptchaLoaded!();

afterEach(() => {
  for (const s of captchaScripts()) s.remove();
  document.querySelectorAll('.captcha-widget').forEach((el) => el.remove());
  resetCaptchaForTests();
});

describe('the invisible captcha on SMS sends', () => {
  it('loads nothing and gives no token without a provider', async () => {
    expect(await captchaToken({ provider: 'none', site_key: null })).toBeUndefined();
    expect(await captchaToken(undefined)).toBeUndefined();
    expect(captchaScripts()).toEqual([]);
    expect(document.querySelector('.captcha-widget')).toBeNull();
  });

  it.each([
    ['turnstile', 'turnstile', 'https://challenges.cloudflare.com/turnstile/v0/api.js'],
    ['hcaptcha', 'hcaptcha', 'https://js.hcaptcha.com/1/api.js'],
    ['recaptcha', 'grecaptcha', 'https://www.google.com/recaptcha/api.js'],
  ] as const)('%s: loads its script once and runs a fresh challenge for each send', async (provider, global, src) => {
    const calls = fakeProvider(global, (n) => `token-${n}`);
    const first = captchaToken({ provider, site_key: 'site-key-1' });
    expect(captchaScripts().map((s) => s.src)).toEqual([`${src}?render=explicit&onload=__vmCaptchaLoaded`]);
    loaded();
    expect(await first).toBe('token-1');
    expect(await captchaToken({ provider, site_key: 'site-key-1' })).toBe('token-2');
    expect(captchaScripts()).toHaveLength(1);
    expect(calls.rendered.map((o) => o.sitekey)).toEqual(['site-key-1']);
    expect(calls.reset).toBe(2);
  });

  it('reCAPTCHA v3: loads the script for its site key and asks a token for the SMS send action, without a widget', async () => {
    const asked: [string, { action: string }][] = [];
    (window as unknown as Record<string, unknown>).grecaptcha = {
      execute: (key: string, options: { action: string }) => {
        asked.push([key, options]);
        return Promise.resolve(`v3-token-${asked.length}`);
      },
    };
    const first = captchaToken({ provider: 'recaptcha_v3', site_key: 'v3-key' });
    expect(captchaScripts().map((s) => s.src)).toEqual(['https://www.google.com/recaptcha/api.js?render=v3-key&onload=__vmCaptchaLoaded']);
    loaded();
    expect(await first).toBe('v3-token-1');
    expect(await captchaToken({ provider: 'recaptcha_v3', site_key: 'v3-key' })).toBe('v3-token-2');
    expect(asked).toEqual([
      ['v3-key', { action: 'sms_send' }],
      ['v3-key', { action: 'sms_send' }],
    ]);
    expect(captchaScripts()).toHaveLength(1);
    expect(document.querySelector('.captcha-widget')).toBeNull();
  });

  it('reCAPTCHA v2: a challenge the visitor closes ends the send (reCAPTCHA has no callback for it)', async () => {
    // What Google's script does: the challenge frame in a container shown on execute, hidden on close.
    const container = document.createElement('div');
    let options: Options | null = null;
    (window as unknown as Record<string, unknown>).grecaptcha = {
      render: (_el: HTMLElement, o: Options) => ((options = o), 0),
      execute: () => {
        container.style.visibility = 'visible';
        container.innerHTML = '<div><iframe title="recaptcha challenge" src="https://www.google.com/recaptcha/api2/bframe?hl=nl"></iframe></div>';
        document.body.appendChild(container);
        setTimeout(() => (container.style.visibility = 'hidden'), 20);
      },
      reset: () => undefined,
    };
    const token = captchaToken({ provider: 'recaptcha', site_key: 'v2-key' });
    loaded();
    const failure = await token.catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(CaptchaFailed);
    expect((failure as CaptchaFailed).closed).toBe(true);
    expect(options).not.toBeNull();
    container.remove();
  });

  it('fails the send when the challenge fails', async () => {
    fakeProvider('turnstile', () => null);
    const token = captchaToken({ provider: 'turnstile', site_key: 'k' });
    loaded();
    await expect(token).rejects.toBeInstanceOf(CaptchaFailed);
  });
});
