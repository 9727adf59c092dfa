import { describe, expect, it } from 'vitest';
import { PUSH_KIND_OF_EVENT, PUSH_KINDS, PUSH_TITLES, pushSettingsSchema, pushSubscriptionSchema, pushUrl } from './web-push.ts';

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
});
