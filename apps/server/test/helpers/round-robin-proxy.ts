import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small reverse proxy for tests and bench:cluster only (production uses nginx, see the README):
// each request goes to the next backend in turn. A backend that refuses the connection (a killed
// process) is skipped and the request goes to the next one, as nginx's proxy_next_upstream does
// for a connection error; a backend that dies after it got the request answers 502, because the
// request may have been applied and only the client may decide to repeat it.

export type RoundRobinProxy = {
  url: string;
  /** Requests answered by each backend, by its URL. */
  served: Map<string, number>;
  close: () => Promise<void>;
};

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  // A connection per request (nginx's default without `keepalive`): a dead backend then refuses the
  // connection, which is known to be safe to send elsewhere, instead of resetting a pooled socket
  // after the request may have reached it.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 512 });
  const served = new Map(backends.map((b) => [b, 0]));
  let next = 0;

  /** Attempt `tries` of a request whose turn is `first`: a retry always goes to the next backend. */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, first: number, tries: number) => {
    const backend = backends[(first + tries) % backends.length]!;
    const target = new URL(req.url ?? '/', backend);
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    headers['content-length'] = String(body.length);
    const up = http.request(target, { method: req.method, headers, agent }, (answer) => {
      served.set(backend, (served.get(backend) ?? 0) + 1);
      const out: http.OutgoingHttpHeaders = { ...answer.headers, 'x-served-by': backend };
      for (const h of HOP_BY_HOP) delete out[h];
      res.writeHead(answer.statusCode ?? 502, out);
      // Event streams are passed through as they come: no buffering, flushed per chunk.
      answer.pipe(res);
    });
    up.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && tries + 1 < backends.length) return forward(req, res, body, first, tries + 1);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad_gateway' }));
      else res.destroy();
    });
    // The client went away (a closed event stream): end the backend's side too.
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    up.end(body);
  };

  const server = http.createServer((req, res) => {
    // Buffered so that a request refused by a dead backend can be sent to the next one whole.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), next++, 0));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
