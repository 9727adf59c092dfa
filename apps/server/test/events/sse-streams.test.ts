import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES, sseStreams } from '../../src/modules/events/sse-streams.ts';

// Back-pressure: a client that stops reading is dropped instead of buffering without limit.
describe('SSE streams', () => {
  it('drops a client that stops reading once its unsent output passes the limit, and keeps the others', async () => {
    const streams = sseStreams({ perUser: 6 });
    const opened: ReturnType<typeof streams.open>[] = [];
    const server = http.createServer((_req, res) => opened.push(streams.open(res, {}, 1, () => undefined)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    const connect = () =>
      new Promise<net.Socket>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.write(`GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n`);
          resolve(s);
        });
      });
    const slow = await connect();
    slow.pause(); // never reads again
    const fast = await connect();
    let fastText = '';
    fast.on('data', (d: Buffer) => (fastText += d.toString()));
    while (opened.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(streams.size).toBe(2);

    const [slowStream, fastStream] = opened as [ReturnType<typeof streams.open>, ReturnType<typeof streams.open>];
    const frame = { text: 'x'.repeat(8 * 1024) };
    let accepted = 0;
    const slowClosed = new Promise((r) => slow.on('close', r));
    // 32 MB offered at once: what the client has not taken stays queued in the process, up to the limit.
    for (let i = 1; i <= 4000 && slowStream.send(i, frame); i++) accepted++;
    expect(slowStream.ended).toBe(true);
    expect(accepted).toBeLessThan(4000);
    expect(accepted * 8 * 1024).toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
    // The server ended that connection: once the client reads again it finds the end.
    slow.resume();
    await slowClosed;
    // The other client still gets its messages: wait for this one to arrive (not for a set time).
    const arrived = new Promise<void>((resolve) => fast.on('data', () => fastText.includes('still here') && resolve()));
    expect(fastStream.send(1, { text: 'still here' })).toBe(true);
    await arrived;
    expect(streams.size).toBe(1);

    streams.closeAll();
    slow.destroy();
    fast.destroy();
    await new Promise((r) => server.close(r));
  });
});
