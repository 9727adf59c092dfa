import type { FastifyInstance } from 'fastify';

/** One thing this process needs to serve traffic; throws (or rejects) when it is not there. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** A check that hangs counts as failed: a load balancer's probe must get an answer in time. */
export const CHECK_TIMEOUT_MS = 2_000;

type Outcome = 'ok' | 'failed' | 'timeout';

async function run(c: ReadinessCheck, timeoutMs: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([c.check().then((): Outcome => 'ok'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /readyz: 200 when every check passes, 503 naming the ones that did not. /healthz only says
 * the process is alive (restart it when not); /readyz says whether to send it traffic. While the
 * app closes (SIGTERM) it answers 503 at once so the balancer stops sending before streams end.
 */
export function readiness(app: FastifyInstance, opts: { checks: ReadinessCheck[]; timeoutMs?: number }): void {
  const timeoutMs = opts.timeoutMs ?? CHECK_TIMEOUT_MS;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.code(503).send({ status: 'closing', checks: {}, failed: [] });
    const outcomes = await Promise.all(
      opts.checks.map(async (c) => {
        const outcome = await run(c, timeoutMs).catch((err: unknown) => {
          req.log.warn({ err, check: c.name }, 'readiness check failed');
          return 'failed' as const;
        });
        if (outcome === 'timeout') req.log.warn({ check: c.name, timeoutMs }, 'readiness check timed out');
        return [c.name, outcome] as const;
      }),
    );
    const checks = Object.fromEntries(outcomes);
    const failed = outcomes.filter(([, o]) => o !== 'ok').map(([name]) => name);
    if (failed.length > 0) return reply.code(503).send({ status: 'not_ready', checks, failed });
    return { status: 'ready', checks };
  });
}
