import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPicture, MAX_PICTURE_BYTES } from '../../src/modules/social-login/picture-fetch.ts';

// A provider's picture URL is fetched by the server: bounded in size, type and time, and any
// failure means no picture rather than a failed login.

let base = '';
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    switch (req.url) {
      case '/ok.png':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/page.html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      case '/huge.png':
        // No content-length: the size is counted while reading.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(Buffer.alloc(MAX_PICTURE_BYTES));
        return void res.end(Buffer.alloc(10));
      case '/slow.png':
        return void setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end('x'), 2000);
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('fetching a provider picture', () => {
  it('answers the bytes of an image', async () => {
    expect(await fetchPicture(`${base}/ok.png`, { timeoutMs: 2000, allowHttp: true })).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('gives none for another type, a picture too large, a slow server, an error, or plain http when not allowed', async () => {
    const opts = { timeoutMs: 500, allowHttp: true };
    expect(await fetchPicture(`${base}/page.html`, opts)).toBeNull();
    expect(await fetchPicture(`${base}/huge.png`, opts)).toBeNull();
    expect(await fetchPicture(`${base}/slow.png`, opts)).toBeNull();
    expect(await fetchPicture(`${base}/missing.png`, opts)).toBeNull();
    expect(await fetchPicture(`${base}/ok.png`, { ...opts, allowHttp: false })).toBeNull();
    expect(await fetchPicture('file:///etc/passwd', opts)).toBeNull();
    expect(await fetchPicture('not a url', opts)).toBeNull();
  });
});
