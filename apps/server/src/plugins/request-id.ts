import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short, and nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's request id options. A proxy's X-Request-Id is taken only behind a trusted proxy (from
 * anyone else it would let a client plant ids in our logs) and only when sane; otherwise a fresh
 * UUID. Fastify's own header reading is off: it would take any value from anyone.
 */
export function requestIdOptions(trustProxy: boolean) {
  return {
    requestIdHeader: false as const,
    genReqId: (req: IncomingMessage): string => {
      const given = req.headers[REQUEST_ID_HEADER];
      return trustProxy && typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
    },
  };
}

/**
 * Every answer carries its request's id: set first thing (so error answers and hijacked streams,
 * which take the reply's headers, have it), and again on send for answers Fastify makes before
 * the request hooks run (a malformed URL).
 */
export function requestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onSend', async (req, reply) => {
    if (!reply.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, req.id);
  });
}
