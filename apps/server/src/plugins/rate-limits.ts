import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors.ts';

/** Per-route limits (each route sets its own); an exceeded one answers 429 with Retry-After. */
export async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => {
      const err = new ApiError(429, 'too_many_requests', 'too_many_requests', { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) });
      return Object.assign(err, { statusCode: 429 });
    },
  });
}
