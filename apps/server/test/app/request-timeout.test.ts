import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../helpers/sse.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A body that trickles in (1 byte at a time, never finishing) must not hold a connection open for
// ever: after REQUEST_TIMEOUT_SECONDS the server answers 408 or closes it. Needs a real socket.

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
  port = Number(new URL(await listen(t.app)).port);
});
afterAll(() => t.close());

describe('request timeout', () => {
  it('cuts a POST whose body trickles in at a byte per 200 ms within a few seconds', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write('POST /oauth/access_token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the server gave up counts as cut too
    const trickle = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(' ');
    }, 200);
    // Waits for the server to end the connection, or gives up after 8 s (still open: not cut).
    const cut = await new Promise<boolean>((resolve) => {
      const giveUp = setTimeout(() => resolve(false), 8000);
      socket.once('close', () => {
        clearTimeout(giveUp);
        resolve(true);
      });
    });
    clearInterval(trickle);
    const seconds = (Date.now() - started) / 1000;
    socket.destroy();
    expect(cut).toBe(true);
    expect(seconds).toBeLessThan(5);
    // The client is told why before the connection ends.
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

// A body gets its own deadline (BODY_TIMEOUT_SECONDS) from its headers, timed per request: a client
// that stalls or dribbles after the headers is cut long before the whole request's timeout (here 60 s,
// which Node checks only every 15 s), and its connection is freed.
describe('body timeout', () => {
  let b: TestApp;
  let bodyPort: number;
  beforeAll(async () => {
    b = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '60', BODY_TIMEOUT_SECONDS: '2' });
    bodyPort = Number(new URL(await listen(b.app)).port);
  });
  afterAll(() => b.close());

  const TOKEN_BODY = JSON.stringify({ grant_type: 'client_credentials', client_id: 'web', scope: 'app' });
  const head = (length: number) => `POST /oauth/access_token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  type Outcome = { closed: boolean; seconds: number; answer: string };

  /**
   * Writes the pieces one per `gapMs`, then waits for the server to end the connection (it answers
   * with Connection: close), or gives up after 10 s: still open.
   */
  async function exchange(pieces: string[], gapMs: number): Promise<Outcome> {
    const socket = net.connect(bodyPort, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    const queue = [...pieces];
    const send = () => {
      const next = queue.shift();
      if (next !== undefined && socket.writable) socket.write(next);
    };
    send();
    const writer = setInterval(send, gapMs);
    const closed = await new Promise<boolean>((resolve) => {
      const giveUp = setTimeout(() => resolve(false), 10_000);
      socket.once('close', () => {
        clearTimeout(giveUp);
        resolve(true);
      });
    });
    clearInterval(writer);
    socket.destroy();
    return { closed, seconds: (Date.now() - started) / 1000, answer };
  }

  const expectCut = (o: Outcome) => {
    expect(o.closed).toBe(true);
    expect(o.seconds).toBeLessThan(6);
    expect(o.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(o.answer).toContain('"statusCode":408');
  };

  it('cuts a request that sends its headers and part of its body, then stalls', async () => {
    expectCut(await exchange([head(TOKEN_BODY.length) + TOKEN_BODY.slice(0, 10)], 200));
  });

  it('cuts a POST that announces a body and sends nothing after its headers', async () => {
    expectCut(await exchange([head(TOKEN_BODY.length)], 200));
  });

  it('cuts a body dribbled a byte per 200 ms', async () => {
    expectCut(await exchange([head(1000), ...Array.from({ length: 100 }, () => ' ')], 200));
  });

  it('still serves a slow upload whose body arrives whole in time', async () => {
    const pieces = TOKEN_BODY.match(/.{1,12}/g)!;
    const slow = await exchange([head(TOKEN_BODY.length), ...pieces], 200);
    expect(slow.closed).toBe(true);
    expect(slow.seconds).toBeGreaterThan(1); // it really trickled
    expect(slow.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.answer).toContain('"access_token"');
  });
});
