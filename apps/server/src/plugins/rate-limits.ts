import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors.ts';
import type { Counter, RateLimitStore } from '../lib/rate-limiter.ts';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The shared rate-limit store; ping() tells readiness whether it answers. */
    rateLimitStore: RateLimitStore;
  }
}

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's store interface over the shared store: each route's limit counts in its
 * own window ("ip:<METHOD><url>:<address>"), so the per-IP limits hold across every process too.
 */
function pluginStore(store: RateLimitStore) {
  const counters = new Map<string, Counter>();
  const counterFor = (name: string, max: number, timeWindowMs: number) => {
    const id = `${name}|${max}|${timeWindowMs}`;
    let c = counters.get(id);
    if (!c) counters.set(id, (c = store.counter(name, max, Math.max(1, Math.ceil(timeWindowMs / 1000)))));
    return c;
  };

  class SharedStore implements FastifyRateLimitStore {
    private readonly route: string;
    // The plugin constructs the first one with its options object, children with a route name.
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : 'global';
    }

    incr(key: string, cb: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      counterFor(`ip:${this.route}`, max, timeWindow)
        .consume(key)
        .then(({ count, msLeft }) => cb(null, { current: count, ttl: msLeft }), cb);
    }

    child(options: RouteOptions) {
      // At run time the plugin passes its merged limit options, which carry the route as routeInfo.
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new SharedStore(`${String(info?.method ?? '')}${info?.url ?? ''}`);
    }
  }
  return SharedStore;
}

/** Per-route limits (each route sets its own); an exceeded one answers 429 with Retry-After. */
export async function rateLimits(app: FastifyInstance, store: RateLimitStore): Promise<void> {
  app.decorate('rateLimitStore', store);
  // Start answering once Redis is connected (or has had its chance), so the first requests count
  // in the shared store; an unreachable Redis only delays startup by its connect timeout.
  app.addHook('onReady', () => store.connected());
  await app.register(rateLimit, {
    global: false,
    store: pluginStore(store),
    errorResponseBuilder: (_req, ctx) => {
      const err = new ApiError(429, 'too_many_requests', 'too_many_requests', { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) });
      return Object.assign(err, { statusCode: 429 });
    },
  });
}
