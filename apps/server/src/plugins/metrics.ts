import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type Db, poolStats } from '../db/database.ts';
import { ApiError } from '../lib/errors.ts';
import { bearerToken } from '../lib/request-context.ts';
import type { EventHub } from '../modules/events/event-hub.ts';
import type { SseStreams } from '../modules/events/sse-streams.ts';

export type PaymentOutcome = 'succeeded' | 'failed';

/**
 * This app's metrics, in a registry of its own (tests build many apps in one process; the global
 * registry would refuse the second app's metric names). Made before the services so that they can
 * be handed the hooks (payment outcomes) that count from where things happen.
 */
export function appMetrics() {
  const registry = new Registry();
  const payments = new Counter({
    name: 'payment_outcomes_total',
    help: 'Payments completed by this process, by method and outcome.',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    /**
     * Counts one payment outcome. Call it from the process that writes the outcome (payments
     * service), not from event handlers: every process's hub sees every event.
     */
    paymentOutcome(method: string, outcome: PaymentOutcome): void {
      payments.inc({ method, outcome });
    },
  };
}

export type AppMetrics = ReturnType<typeof appMetrics>;

type Options = {
  metrics: AppMetrics;
  /** METRICS_TOKEN; without one there is no /metrics at all (404) and nothing is measured. */
  token: string | null;
  db: Db;
  hub: Pick<EventHub, 'onEvent'>;
  streams: Pick<SseStreams, 'size'>;
  now: () => Date;
  /** Jobs waiting to run (the jobs runner's); the gauge is left out when not given. */
  queueDepth?: () => Promise<number>;
};

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Hashes first: equal lengths for timingSafeEqual, and the time says nothing about the token's length. */
function sameToken(given: string | null, expected: string): boolean {
  return timingSafeEqual(sha256(given ?? ''), sha256(expected)) && given !== null;
}

/**
 * GET /metrics in Prometheus text format behind a bearer token: request latency by route pattern
 * (never the raw URL: ids would make a series each), the database pool, open event streams, event
 * lag, the job queue, payment outcomes and Node's own process metrics.
 */
export function metricsPlugin(app: FastifyInstance, opts: Options): void {
  const { token, metrics, now } = opts;
  if (!token) return;
  const registers = [metrics.registry];
  collectDefaultMetrics({ register: metrics.registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (req, reply) => {
    // A path that matched no route is one series, whatever its URL.
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and clients waiting for one (absent on the embedded database).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = poolStats(opts.db);
      if (!p) return;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });

  new Gauge({
    name: 'sse_open_streams',
    help: 'Server-Sent Event streams open on this process.',
    registers,
    collect() {
      this.set(opts.streams.size);
    },
  });

  const lag = new Histogram({
    name: 'event_dispatch_lag_seconds',
    help: "Seconds between an event's creation and its dispatch by this process's hub.",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers,
  });
  const stopLag = opts.hub.onEvent((e) => lag.observe(Math.max(0, (now().getTime() - e.createdAt.getTime()) / 1000)));
  app.addHook('onClose', async () => void stopLag());

  const { queueDepth } = opts;
  if (queueDepth) {
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to run.',
      registers,
      async collect() {
        try {
          this.set(await queueDepth());
        } catch (err) {
          // One unreadable gauge must not cost the whole scrape.
          app.log.warn({ err }, 'job queue depth unavailable');
        }
      },
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!sameToken(bearerToken(req), token)) {
      throw new ApiError(401, 'access_denied', 'access_denied', { 'www-authenticate': 'Bearer' });
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
