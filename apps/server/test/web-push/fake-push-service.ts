import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 (as FCM, Mozilla's autopush or Apple's would be on the internet): it
// records every POST, answers with the status a test sets per subscription, and — holding the
// browser's side of each subscription (a P-256 key pair and auth secret made here, as a browser
// makes them) — decrypts the payload the server sent (RFC 8291, aes128gcm) and checks its VAPID
// signature (RFC 8292).

export type ReceivedPush = {
  /** The subscription's path on the service ('/sub/<name>'). */
  path: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
  /** The decrypted payload (the notification's JSON), or null when it could not be decrypted. */
  text: string | null;
  /** The VAPID JWT's claims when its ES256 signature verifies with the key it names (k=). */
  vapid: { aud: string; exp: number; sub: string; k: string } | null;
};

type BrowserSide = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: one record, its padding delimiter 0x02 then zeros. */
export function decryptAes128gcm(body: Buffer, browser: BrowserSide): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** `vapid t=<JWT>, k=<public key>`: the claims, if the JWT's ES256 signature holds for k. */
function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) return null;
  const [h, p, s] = m[1]!.split('.') as [string, string, string];
  const point = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok || JSON.parse(Buffer.from(h, 'base64url').toString()).alg !== 'ES256') return null;
  return { ...(JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string }), k: m[2]! };
}

export async function fakePushService() {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, BrowserSide>();
  /** The status each subscription's pushes are answered with (201 unless set). */
  const status = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks);
      const browser = browsers.get(path);
      let text: string | null;
      try {
        text = browser && req.headers['content-encoding'] === 'aes128gcm' ? decryptAes128gcm(body, browser) : null;
      } catch {
        text = null;
      }
      received.push({ path, headers: req.headers, bodyBytes: body.length, text, vapid: checkVapid(req.headers.authorization) });
      res.writeHead(status.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A browser's new subscription on this service, as PushSubscription.toJSON() gives it. */
    subscription(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/sub/${name}`;
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer: (name: string, code: number) => void status.set(`/sub/${name}`, code),
    /** The decrypted notifications a subscription got, parsed. */
    pushesTo: (name: string) => received.filter((r) => r.path === `/sub/${name}`).map((r) => (r.text === null ? null : (JSON.parse(r.text) as { title: string; body: string; url: string; tag: string }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
