import { describe, expect, it } from 'vitest';
import {
  PUSH_KIND_OF_EVENT,
  PUSH_KINDS,
  PUSH_TITLES,
  pushKeyReadSchema,
  pushPayloadSchema,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  pushUrl,
} from './web-push.ts';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (r: Parsed) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`));

describe('web push to drivers', () => {
  it('opens the job on the work screen, a problem on my jobs, an expiring document (or no job) on the documents page', () => {
    expect(pushUrl('new_job', 42)).toBe('/driver/#/work/42');
    expect(pushUrl('offer_result', 42)).toBe('/driver/#/work/42');
    expect(pushUrl('chat_message', 7)).toBe('/driver/#/work/7');
    expect(pushUrl('job_problem', 42)).toBe('/driver/#/my-jobs/42');
    expect(pushUrl('document_expiring', 42)).toBe('/driver/#/account/documents');
    expect(pushUrl('new_job', null)).toBe('/driver/#/account/documents');
    expect(pushUrl('job_problem', null)).toBe('/driver/#/account/documents');
  });

  it('turns a cancelled job and a problem into pushes, and has a title for every kind in every language', () => {
    expect(PUSH_KIND_OF_EVENT['shipment.cancelled']).toBe('offer_result');
    expect(PUSH_KIND_OF_EVENT['problem.decided']).toBe('job_problem');
    expect(PUSH_KIND_OF_EVENT['shipment.created']).toBeUndefined();
    for (const k of PUSH_KINDS) for (const l of ['nl', 'fr', 'en'] as const) expect(PUSH_TITLES[k][l].length).toBeGreaterThan(0);
    expect(PUSH_TITLES.new_job.nl).toBe('Nieuwe opdracht');
  });

  it('takes a subscription as the browser gives it, and refuses keys of the wrong length', () => {
    const p256dh = 'B'.repeat(87);
    const auth = 'a'.repeat(22);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(pushSubscriptionSchema.safeParse({ endpoint, expirationTime: null, keys: { p256dh, auth } }).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { p256dh: 'B'.repeat(85), auth } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { p256dh, auth: 'a'.repeat(21) } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'not a url', keys: { p256dh, auth } }).error?.issues[0]?.message).toBe('push_endpoint_invalid');
  });

  it('changes only the kinds it names', () => {
    expect(pushSettingsSchema.safeParse({ chat_message: false }).success).toBe(true);
    expect(pushSettingsSchema.safeParse({ marketing: false }).success).toBe(false);
  });

  // A driver who switches a kind off stops receiving exactly the pushes of these events.
  it.each([
    ['board.job.new', 'new_job'],
    ['shipment.job.assigned', 'offer_result'],
    ['shipment.offer.not_chosen', 'offer_result'],
    ['shipment.cancelled', 'offer_result'],
    ['shipment.message.new', 'chat_message'],
    ['driver.document.expiring', 'document_expiring'],
    ['problem.reported', 'job_problem'],
    ['problem.decided', 'job_problem'],
  ])('pushes the event %s as the kind %s', (type, kind) => {
    expect(PUSH_KIND_OF_EVENT[type]).toBe(kind);
  });

  it('pushes no other event', () => {
    expect(Object.keys(PUSH_KIND_OF_EVENT).sort()).toEqual([
      'board.job.new',
      'driver.document.expiring',
      'problem.decided',
      'problem.reported',
      'shipment.cancelled',
      'shipment.job.assigned',
      'shipment.message.new',
      'shipment.offer.not_chosen',
    ]);
  });
});

describe('what the service worker receives', () => {
  const payload = { title: 'Nieuwe opdracht', body: 'Hasselt → Gent, morgen', url: '/driver/#/work/42', tag: 'job-42' };

  it('carries a title, a body, the screen to open and a tag', () => {
    expect(pushPayloadSchema.parse(payload)).toEqual(payload);
    for (const field of Object.keys(payload)) expect(pushPayloadSchema.safeParse({ ...payload, [field]: undefined }).success, field).toBe(false);
  });

  it.each([
    ['title', 100],
    ['body', 1000],
    ['url', 200],
    ['tag', 100],
  ])('takes a %s of up to %i characters', (field, max) => {
    expect(pushPayloadSchema.safeParse({ ...payload, [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(pushPayloadSchema.safeParse({ ...payload, [field]: 'x' }).success).toBe(true);
    expect(pushPayloadSchema.safeParse({ ...payload, [field]: 'x'.repeat(max + 1) }).success).toBe(false);
  });
});

describe('the push routes', () => {
  const p256dh = 'B'.repeat(87);
  const auth = 'a'.repeat(22);
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';

  it("gives the server's public key", () => {
    expect(pushKeyReadSchema.parse({ public_key: 'BPk' })).toEqual({ public_key: 'BPk' });
    expect(pushKeyReadSchema.safeParse({}).success).toBe(false);
  });

  it('keeps the endpoint and both keys of a subscription', () => {
    const sub = { endpoint, keys: { p256dh, auth } };
    expect(pushSubscriptionSchema.parse(sub)).toEqual(sub);
    expect(pushSubscriptionSchema.safeParse({ ...sub, keys: { p256dh: `${'B'.repeat(86)}=`, auth: `${auth}==` } }).success).toBe(true);
  });

  it.each([
    ['p256dh', `!${'B'.repeat(87)}`],
    ['p256dh', `${'B'.repeat(87)}!`],
    ['p256dh', `${'B'.repeat(87)}==`],
    ['p256dh', 'B'.repeat(91)],
    ['p256dh', 5],
    ['p256dh', undefined],
    ['auth', `!${auth}`],
    ['auth', `${auth}!`],
    ['auth', `${auth}=`],
    ['auth', 'a'.repeat(23)],
    ['auth', 16],
  ])('answers invalid_body for the key %s %j', (key, value) => {
    const keys = { p256dh, auth, [key]: value };
    const found = issues(pushSubscriptionSchema.safeParse({ endpoint, keys }));
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set([`keys.${key}:invalid_body`]));
  });

  it.each([[undefined], ['keys'], [[p256dh, auth]]])('answers invalid_body for keys %j', (keys) => {
    expect(issues(pushSubscriptionSchema.safeParse({ endpoint, keys }))).toEqual(['keys:invalid_body']);
  });

  it('takes an endpoint of up to 1000 characters, to subscribe and to unsubscribe', () => {
    const long = `https://push.example.com/${'x'.repeat(1000 - 25)}`;
    expect(long).toHaveLength(1000);
    for (const schema of [pushSubscriptionSchema, pushUnsubscribeSchema]) {
      expect(schema.safeParse({ endpoint: long, keys: { p256dh, auth } }).success).toBe(true);
      expect(issues(schema.safeParse({ endpoint: `${long}x`, keys: { p256dh, auth } }))).toEqual(['endpoint:push_endpoint_invalid']);
    }
  });

  it('unsubscribes the endpoint it is given', () => {
    expect(pushUnsubscribeSchema.parse({ endpoint })).toEqual({ endpoint });
    expect(issues(pushUnsubscribeSchema.safeParse({}))).toEqual(['endpoint:push_endpoint_invalid']);
    expect(issues(pushUnsubscribeSchema.safeParse({ endpoint: 'not a url' }))).toEqual(['endpoint:push_endpoint_invalid']);
  });
});
