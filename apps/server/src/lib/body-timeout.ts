import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Node's requestTimeout bounds a whole request, and it must be long (a slow upload of several photos
// needs minutes); it is also only looked at every connectionsCheckingInterval. A client that sends
// the headers and then dribbles the body, or sends nothing more, therefore holds its connection for
// up to requestTimeout plus that interval (150 s by default): enough open sockets to starve the
// server. A body gets its own, shorter deadline from the moment its headers are in, timed per request.

/** Whether the headers announce a body still to come (a length above zero, or chunks). */
const announcesBody = (raw: IncomingMessage) => Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;

/** The same error Node raises at its own request timeout, so Fastify's client error handler answers it alike (408, JSON). */
const timeoutError = () => Object.assign(new Error('Request body timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/**
 * A request whose body is not whole `ms` after its headers arrived is answered 408 and its
 * connection closed; when an answer was already started (a route refused it early), the connection
 * is just closed.
 */
export function bodyTimeout(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', async (req, reply) => {
    const raw = req.raw;
    // An injected request (tests, light-my-request) holds no connection to free, and its socket cannot be closed.
    if (raw.complete || !announcesBody(raw) || !(raw.socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (raw.complete || socket.destroyed) return;
      req.log.info({ bodyTimeoutMs: ms }, 'request body not received in time: connection closed');
      if (reply.raw.headersSent) socket.destroy();
      else app.server.emit('clientError', timeoutError(), socket);
    }, ms);
    timer.unref();
    // 'close' comes once the body was read or the connection ended; a complete body needs no timer.
    raw.once('close', () => clearTimeout(timer));
    raw.once('end', () => clearTimeout(timer));
  });
}
