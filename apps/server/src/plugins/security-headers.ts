import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../env.ts';
import { webAppOf } from './web-apps.ts';

/**
 * What each captcha provider's widget loads: its script, the frame of its challenge, and what that
 * talks to. Only the configured provider's hosts are allowed, and none without one.
 */
const captchaHosts: Record<AppConfig['captcha']['provider'], { script: string[]; frame: string[]; connect: string[]; style?: string[] }> = {
  none: { script: [], frame: [], connect: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: [],
  },
  recaptcha_v3: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: [],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'], connect: [] },
};

/** 'https://{s}.tile.example.org/{z}/{x}/{y}.png' -> 'https://*.tile.example.org' for the CSP. */
const tileOrigin = (template: string) => new URL(template.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0')).origin.replace('://a.', '://*.');

/**
 * A strict Content-Security-Policy and helmet's other headers on every answer, one policy per web
 * app (its pages and files; the API answers carry the sender's). Helmet's middleware is built once
 * per policy: @fastify/helmet builds it again for every request, which cost a polled 304 more than
 * half its throughput (bench:api). `stripeElements`: Stripe's card form needs its script, frames
 * and API; only the sender pays. The captcha guards the SMS sends of sign-up: the sender's and,
 * since issue 21, the driver's registration (ops loads neither). The driver's service worker
 * (/driver/sw.js) and manifest are same-origin: worker-src and manifest-src fall back to 'self'.
 */
export function securityHeaders(app: FastifyInstance, config: AppConfig, stripeElements: boolean): void {
  const byApp = {
    sender: build(config, { stripeElements, captcha: true, inlineStyles: false }),
    driver: build(config, { stripeElements: false, captcha: true, inlineStyles: false }),
    ops: build(config, { stripeElements: false, captcha: false, inlineStyles: false }),
  };
  // The API reference (Swagger UI, /api/docs) sets a few inline styles; nothing else gets them.
  const docsHeaders = build(config, { stripeElements, captcha: true, inlineStyles: true });
  app.addHook('onRequest', (req, reply, done) =>
    (req.url.startsWith('/api/docs') ? docsHeaders : byApp[webAppOf(req.url)])(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}

function build(config: AppConfig, { stripeElements, captcha: withCaptcha, inlineStyles }: { stripeElements: boolean; captcha: boolean; inlineStyles: boolean }) {
  const captcha = captchaHosts[withCaptcha ? config.captcha.provider : 'none'];
  const frames = [...(stripeElements ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []), ...captcha.frame];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeElements ? ['https://js.stripe.com'] : []), ...captcha.script],
        frameSrc: frames.length ? frames : ["'none'"],
        styleSrc: ["'self'", ...(inlineStyles ? ["'unsafe-inline'"] : []), ...(captcha.style ?? [])],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.geo.tileUrl ? [tileOrigin(config.geo.tileUrl)] : []),
          ...(config.geo.streetViewUrl ? [tileOrigin(config.geo.streetViewUrl)] : []),
        ],
        connectSrc: ["'self'", ...(stripeElements ? ['https://api.stripe.com'] : []), ...captcha.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
