import webpush from 'web-push';
import type { Db } from '../../db/database.ts';
import { MAX_PUSH_PAYLOAD_BYTES, type PushMessage, type PushResult, type PushSender, type PushTarget } from './push-sender.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** https anywhere; plain http only to this machine, and only when allowed (the tests' fake service). */
export function endpointAccepted(endpoint: string, allowLoopback: boolean): boolean {
  if (endpoint.length > 1000 || !URL.canParse(endpoint)) return false;
  const u = new URL(endpoint);
  if (u.username || u.password) return false;
  return u.protocol === 'https:' || (allowLoopback && u.protocol === 'http:' && LOOPBACK_HOSTS.includes(u.hostname));
}

/**
 * The VAPID key pair when none is configured: made once, stored in the database and read by every
 * process, so a subscription made through one process is pushed to by any other and after a restart.
 */
export async function storedVapidKeys(db: Db, now: Date): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insertInto('pushVapidKeys')
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey, createdAt: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('pushVapidKeys').select(['publicKey', 'privateKey']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

/** What a failure says, without the endpoint's path (its capability token) or any key. */
function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: { code?: unknown } }).cause;
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'push service timed out';
    return typeof cause?.code === 'string' ? `push service unreachable (${cause.code})` : `push request failed (${err.name})`;
  }
  return 'push request failed';
}

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292) through the `web-push` library: it signs the VAPID JWT
 * and encrypts the payload (aes128gcm); the request itself goes out with fetch, bounded by a timeout,
 * so an http://127.0.0.1 fake push service works in the tests like a real https one (web-push's own
 * sendNotification only speaks https).
 */
export function webPushSender(opts: { keys: VapidKeys; subject: string; allowLoopback: boolean; timeoutMs: number }): PushSender {
  const vapidDetails = { subject: opts.subject, publicKey: opts.keys.publicKey, privateKey: opts.keys.privateKey };
  // Checks the subject and both keys once, at start-up (a bad configured key stops the start).
  webpush.getVapidHeaders('https://push.example', vapidDetails.subject, vapidDetails.publicKey, vapidDetails.privateKey, 'aes128gcm');
  const acceptsEndpoint = (endpoint: string) => endpointAccepted(endpoint, opts.allowLoopback);

  return {
    name: 'web-push',
    publicKey: opts.keys.publicKey,
    acceptsEndpoint,

    async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
      if (!acceptsEndpoint(target.endpoint)) return { ok: false, gone: true, status: null, error: 'endpoint not accepted' };
      if (Buffer.byteLength(message.payload) > MAX_PUSH_PAYLOAD_BYTES) return { ok: false, gone: false, status: null, error: 'payload too large' };
      let details: webpush.RequestDetails;
      try {
        details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.payload, {
          vapidDetails,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
        });
      } catch {
        // The browser's keys do not make a P-256 point: this subscription can never be pushed to.
        return { ok: false, gone: true, status: null, error: 'subscription keys invalid' };
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
      try {
        const res = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ?? undefined, redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs) });
        // The answer's body is never read (a push service says all in its status).
        await res.body?.cancel();
        if (res.status >= 200 && res.status < 300) return { ok: true };
        return { ok: false, gone: res.status === 404 || res.status === 410, status: res.status, error: `push service answered ${res.status}` };
      } catch (err) {
        return { ok: false, gone: false, status: null, error: describe(err) };
      }
    },
  };
}
