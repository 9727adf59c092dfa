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
