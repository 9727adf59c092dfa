/** A browser's push subscription as the server keeps it (PushSubscription.toJSON()). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** One notification: its payload is encrypted for the subscription (RFC 8291, aes128gcm). */
export type PushMessage = {
  /** The JSON the service worker receives; at most MAX_PUSH_PAYLOAD_BYTES. */
  payload: string;
  /** How long the push service keeps it for a device that is offline (seconds). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
};

/**
 * The push service's answer. `gone`: 404 or 410, the subscription no longer exists (the browser
 * unsubscribed or expired it) and is dropped. Anything else that is not ok may be tried again.
 */
export type PushResult = { ok: true } | { ok: false; gone: boolean; status: number | null; error: string };

/** Well under the 4,096 bytes every push service takes once encrypted (the record adds ~100). */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;

/** Sends Web Push notifications with the server's VAPID key (web-push-sender.ts). */
export type PushSender = {
  readonly name: string;
  /** The VAPID public key (base64url, an uncompressed P-256 point) a browser subscribes with. */
  readonly publicKey: string;
  /** https only; http://127.0.0.1 or localhost when the configuration allows it (tests). */
  acceptsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
};
