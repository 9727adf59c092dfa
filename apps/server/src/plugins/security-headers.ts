import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../env.ts';

/** 'https://{s}.tile.example.org/{z}/{x}/{y}.png' -> 'https://*.tile.example.org' for the CSP. */
const tileOrigin = (template: string) => new URL(template.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0')).origin.replace('://a.', '://*.');

/**
 * A strict Content-Security-Policy and helmet's other headers on every answer. Helmet's middleware
 * is built once: @fastify/helmet builds it again for every request, which cost a polled 304 more
 * than half its throughput (bench:api). `stripeElements`: Stripe's card form needs its script,
 * frames and API.
 */
export function securityHeaders(app: FastifyInstance, config: AppConfig, stripeElements: boolean): void {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeElements ? ['https://js.stripe.com'] : [])],
        frameSrc: stripeElements ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.geo.tileUrl ? [tileOrigin(config.geo.tileUrl)] : []),
          ...(config.geo.streetViewUrl ? [tileOrigin(config.geo.streetViewUrl)] : []),
        ],
        connectSrc: ["'self'", ...(stripeElements ? ['https://api.stripe.com'] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
}
