import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string };
export type FakeReply = { status?: number; json: unknown };

/** A local HTTP server that answers with canned provider responses and records what it got. */
export async function fakeHttp(answer: (req: FakeRequest) => FakeReply) {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r: FakeRequest = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body };
      requests.push(r);
      const reply = answer(r);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
