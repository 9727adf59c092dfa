import { describe, expect, it } from 'vitest';
import { canAnswerDelivery, DELIVERY_ANSWER_WINDOW_SECONDS, deliveryStatus, proofAllowedIn, proofInputSchema, proofRequiredFor } from './proof.ts';

const now = new Date('2026-11-22T10:00:00Z');
const nowS = now.getTime() / 1000;
const valid = (over: Record<string, unknown> = {}) => ({
  kind: 'pickup',
  client_id: '7d0c3f5e-9a43-4b1e-8d0c-2f4f1b7e6a11',
  taken_at: nowS - 60,
  lat: 50.93,
  lng: 5.34,
  accuracy_m: 8,
  signer_name: 'Jan Peeters',
  condition: 'good',
  packages: [{ package_id: 1, photos: ['p1'] }],
  signature: 'sig',
  ...over,
});
const keys = (over: Record<string, unknown>) => {
  const r = proofInputSchema(() => now).safeParse(valid(over));
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the proof a driver takes', () => {
  it('takes a complete proof', () => {
    expect(keys({})).toEqual([]);
    expect(proofInputSchema(() => now).parse(valid()).reservations).toBe('');
  });

  it('needs words for reservations, a photo per package (at most 5) and a signature', () => {
    expect(keys({ condition: 'reservations' })).toEqual(['reservations_required']);
    expect(keys({ condition: 'reservations', reservations: 'Deuk in de hoek' })).toEqual([]);
    expect(keys({ packages: [{ package_id: 1, photos: [] }] })).toEqual(['proof_photo_required']);
    expect(keys({ packages: [{ package_id: 1, photos: ['a', 'b', 'c', 'd', 'e', 'f'] }] })).toEqual(['too_many_photos']);
    expect(keys({ signature: '' })).toContain('required');
    expect(keys({ signer_name: '  ' })).toContain('required');
  });

  it('takes the phone’s time a little ahead and up to a week late, not beyond', () => {
    expect(keys({ taken_at: nowS + 200 })).toEqual([]);
    expect(keys({ taken_at: nowS + 3600 })).toEqual(['proof_time_future']);
    expect(keys({ taken_at: nowS - 6 * 86400 })).toEqual([]);
    expect(keys({ taken_at: nowS - 8 * 86400 })).toEqual(['proof_too_old']);
  });

  it('refuses one file name used twice and a package named twice', () => {
    expect(keys({ signature: 'p1' })).toEqual(['invalid_body']);
    expect(keys({ packages: [{ package_id: 1, photos: ['a'] }, { package_id: 1, photos: ['b'] }] })).toEqual(['invalid_body']);
  });

  it('belongs at the address: pickup before loaded, delivery before delivered', () => {
    expect(proofRequiredFor('loaded')).toBe('pickup');
    expect(proofRequiredFor('delivered')).toBe('delivery');
    expect(proofRequiredFor('loading')).toBeNull();
    expect(proofAllowedIn('pickup', 'arrivedpickup')).toBe(true);
    expect(proofAllowedIn('pickup', 'loading')).toBe(true);
    expect(proofAllowedIn('pickup', 'onwaytopickup')).toBe(false);
    expect(proofAllowedIn('delivery', 'unloaded')).toBe(true);
    expect(proofAllowedIn('delivery', 'loaded')).toBe(false);
  });
});

describe('the sender’s answer after delivery', () => {
  const delivered = 1_800_000_000;
  it('waits 24 hours, then counts as confirmed; an answer given stays', () => {
    expect(deliveryStatus(null, null, delivered)).toEqual({ status: 'not_delivered' });
    expect(deliveryStatus(delivered, null, delivered + 10)).toEqual({ status: 'waiting', answer_by: delivered + DELIVERY_ANSWER_WINDOW_SECONDS });
    expect(deliveryStatus(delivered, null, delivered + DELIVERY_ANSWER_WINDOW_SECONDS)).toEqual({ status: 'assumed_confirmed', since: delivered + DELIVERY_ANSWER_WINDOW_SECONDS });
    expect(deliveryStatus(delivered, { outcome: 'problem', answered_at: delivered + 5 }, delivered + 99_999)).toEqual({ status: 'problem', answered_at: delivered + 5 });
    expect(canAnswerDelivery(delivered, false, delivered + 3600)).toBe(true);
    expect(canAnswerDelivery(delivered, true, delivered + 3600)).toBe(false);
    expect(canAnswerDelivery(delivered, false, delivered + DELIVERY_ANSWER_WINDOW_SECONDS)).toBe(false);
    expect(canAnswerDelivery(null, false, delivered)).toBe(false);
  });
});

describe('the proof’s fields at their bounds, each error at its field (the app shows it there)', () => {
  const issues = (over: Record<string, unknown>) => {
    const r = proofInputSchema(() => now).safeParse(valid(over));
    return r.success ? [] : r.error.issues.map((i) => ({ code: i.code, at: i.path.join('.'), message: i.message }));
  };
  const custom = (at: string, message: string) => [{ code: 'custom', at, message }];

  it('says a time too far ahead, or older than a week, at taken_at: five minutes ahead and a week late are the limits', () => {
    expect(issues({ taken_at: nowS + 300 })).toEqual([]);
    expect(issues({ taken_at: nowS + 301 })).toEqual(custom('taken_at', 'proof_time_future'));
    expect(issues({ taken_at: nowS - 7 * 86400 })).toEqual([]);
    expect(issues({ taken_at: nowS - 7 * 86400 - 1 })).toEqual(custom('taken_at', 'proof_too_old'));
  });

  it('says missing reservations at the reservations field', () => {
    expect(issues({ condition: 'reservations' })).toEqual(custom('reservations', 'reservations_required'));
    expect(issues({ condition: 'reservations', reservations: '   ' })).toEqual(custom('reservations', 'reservations_required'));
  });

  it('says a package named twice, or a file name used twice, at packages', () => {
    expect(issues({ packages: [{ package_id: 1, photos: ['a'] }, { package_id: 1, photos: ['b'] }] })).toEqual(custom('packages', 'invalid_body'));
    expect(issues({ packages: [{ package_id: 1, photos: ['a'] }, { package_id: 2, photos: ['b'] }] })).toEqual([]);
    expect(issues({ packages: [{ package_id: 1, photos: ['a'] }, { package_id: 2, photos: ['a'] }] })).toEqual(custom('packages', 'invalid_body'));
    expect(issues({ signature: 'p1' })).toEqual(custom('packages', 'invalid_body'));
  });

  it.each([
    ['kind', 'unloading'],
    ['client_id', 'not-a-uuid'],
    ['lat', 90.01],
    ['lat', -90.01],
    ['lat', '50.9'],
    ['lng', 180.01],
    ['lng', -180.01],
    ['lng', null],
    ['accuracy_m', -1],
    ['accuracy_m', 100_001],
    ['accuracy_m', 'x'],
    ['condition', 'damaged'],
    ['packages', 'p1'],
  ])('refuses %s = %j as invalid_body', (field, value) => {
    expect(issues({ [field]: value }).map((i) => `${i.at}:${i.message}`)).toEqual([`${field}:invalid_body`]);
  });

  it.each([
    ['lat', 90],
    ['lat', -90],
    ['lng', 180],
    ['lng', -180],
    ['accuracy_m', 0],
    ['accuracy_m', 100_000],
  ])('takes %s = %j', (field, value) => {
    expect(issues({ [field]: value })).toEqual([]);
  });

  it('needs one to 20 packages, each with one to five photos', () => {
    const pkgs = (n: number, photos = 1) => Array.from({ length: n }, (_, i) => ({ package_id: i + 1, photos: Array.from({ length: photos }, (_, j) => `p${i}-${j}`) }));
    expect(issues({ packages: [] }).map((i) => `${i.at}:${i.message}`)).toEqual(['packages:proof_photo_required']);
    expect(issues({ packages: pkgs(20) })).toEqual([]);
    expect(issues({ packages: pkgs(21) }).map((i) => `${i.at}:${i.message}`)).toEqual(['packages:too_long']);
    expect(issues({ packages: pkgs(1, 5) })).toEqual([]);
    expect(issues({ packages: pkgs(1, 6) }).map((i) => `${i.at}:${i.message}`)).toEqual(['packages.0.photos:too_many_photos']);
    expect(issues({ packages: [{ package_id: 1, photos: [] }] }).map((i) => `${i.at}:${i.message}`)).toEqual(['packages.0.photos:proof_photo_required']);
  });
});
