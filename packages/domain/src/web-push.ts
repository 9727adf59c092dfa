import { z } from 'zod';
import type { Locale } from './messages.ts';

// Web Push to drivers (issue 21 part 4, docs/decisions/0028-web-push.md): the kinds a driver can
// switch on and off, which event types make which kind, and the shapes of the push routes.

/** What a driver can be told by a push; each can be switched off on its own. */
export const PUSH_KINDS = ['new_job', 'offer_result', 'chat_message', 'document_expiring', 'job_problem'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The event types that become a push, and their kind. A type that is not here never does. Keys are
 * plain strings so that a type another part adds (the board's 'board.job.new') is one more line
 * here and needs nothing else: the push's text is the event's own json_message.
 */
export const PUSH_KIND_OF_EVENT: Readonly<Record<string, PushKind>> = {
  'board.job.new': 'new_job',
  'shipment.job.assigned': 'offer_result',
  'shipment.offer.not_chosen': 'offer_result',
  // Issue 22: the sender cancelled the driver's job (with their share of the fee).
  'shipment.cancelled': 'offer_result',
  'shipment.message.new': 'chat_message',
  'driver.document.expiring': 'document_expiring',
  // Issue 23: a problem with one of the driver's jobs, and staff's decision on it.
  'problem.reported': 'job_problem',
  'problem.decided': 'job_problem',
};

/** The notification's title per kind (its body is the event's sentence). */
export const PUSH_TITLES: Record<PushKind, Record<Locale, string>> = {
  new_job: { nl: 'Nieuwe opdracht', fr: 'Nouvelle mission', en: 'New job' },
  offer_result: { nl: 'Je bod', fr: 'Votre offre', en: 'Your offer' },
  chat_message: { nl: 'Nieuw bericht', fr: 'Nouveau message', en: 'New message' },
  document_expiring: { nl: 'Document vervalt', fr: 'Document bientôt expiré', en: 'Document expiring' },
  job_problem: { nl: 'Probleem met een opdracht', fr: 'Problème avec une mission', en: 'Problem with a job' },
};

/** The driver app's screen a push opens (hash routes of /driver/). */
export const pushUrl = (kind: PushKind, shipmentId: number | null): string =>
  kind === 'document_expiring' || shipmentId === null ? '/driver/#/account/documents' : kind === 'job_problem' ? `/driver/#/my-jobs/${shipmentId}` : `/driver/#/work/${shipmentId}`;

/** What the service worker receives (decrypted): small, well under the 4 KB a push service takes. */
export const pushPayloadSchema = z.object({ title: z.string().max(100), body: z.string().max(1000), url: z.string().max(200), tag: z.string().max(100) });
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** GET /api/push/key: the server's VAPID public key (base64url), for pushManager.subscribe. */
export const pushKeyReadSchema = z.object({ public_key: z.string() });

// A subscription as PushSubscription.toJSON() gives it. p256dh is an uncompressed P-256 point (65
// bytes, 87 base64url characters), auth 16 bytes (22); a little slack for padding.
// (The lengths are in the pattern, not in a minLength.)
const base64url = (pattern: RegExp) => z.string({ error: 'invalid_body' }).max(90, 'invalid_body').regex(pattern, 'invalid_body');
const endpoint = z.url({ error: 'push_endpoint_invalid' }).max(1000, 'push_endpoint_invalid');

/** POST /api/driver/push/subscriptions. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  /** Sent by browsers, not used: a push service answers 404/410 once it expired. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(/^[A-Za-z0-9_-]{86,87}={0,1}$/), auth: base64url(/^[A-Za-z0-9_-]{22}(==)?$/) }, { error: 'invalid_body' }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/driver/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint });

/** GET /api/driver/push/settings: every kind, on or off (all on until changed). */
export const pushSettingsReadSchema = z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>);
export type PushSettings = z.infer<typeof pushSettingsReadSchema>;
/** PUT /api/driver/push/settings: the kinds that change, no others. */
export const pushSettingsSchema = pushSettingsReadSchema.partial().strict();
