import { describe, expect, it } from 'vitest';
import { changeableBySender, changeShipmentSchema, checkShipmentTimes, createShipmentSchema, offersStay, type ShipmentRead, senderStatusSchema, shipmentSideSchema, updateInsuranceSchema } from './shipment.ts';
import { MAX_BOOKING_AHEAD_SECONDS } from './wire.ts';
import { zonedInstant } from './zoned-time.ts';

const TZ = 'Europe/Brussels';
const at = (date: string, time: string) => Math.floor(zonedInstant(date, time, TZ).getTime() / 1000);
const side = {
  date_from: at('2026-11-24', '08:00'),
  date_till: at('2026-11-24', '17:00'),
  date_timezone: TZ,
  lat: 50.93,
  lng: 5.33,
  street: 'Kerkstraat',
  number: '12',
  zip: '3500',
  city: 'Hasselt',
  notes: 'Bellen aan poort 3',
};
const issues = (input: Record<string, unknown>) => {
  const r = shipmentSideSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('a pickup or delivery address (SPEC sections 3 and 5)', () => {
  it('accepts a full address, trims it, upper-cases the country and defaults it to BE', () => {
    const s = shipmentSideSchema.parse({ ...side, street: ' Kerkstraat ', city: ' Hasselt ', country: ' be ' });
    expect(s).toMatchObject({ street: 'Kerkstraat', city: 'Hasselt', country: 'BE', box: '', name: '' });
    expect(shipmentSideSchema.parse(side).country).toBe('BE');
    expect(issues({ ...side, country: 'BEL' })).toEqual(['country:country_invalid']);
  });

  it('needs a street and a number', () => {
    expect(issues({ ...side, number: '' })).toEqual(['street:address_incomplete']);
    expect(issues({ ...side, street: undefined })).toEqual(['street:address_incomplete']);
  });

  it('needs instructions for the driver and a city', () => {
    expect(issues({ ...side, notes: '  ' })).toEqual(['notes:required']);
    expect(issues({ ...side, notes: undefined })).toEqual(['notes:required']);
    expect(issues({ ...side, city: '' })).toEqual(['city:required']);
    expect(issues({ ...side, city: undefined })).toEqual(['city:required']);
  });

  it('needs whole-second times, a time zone and coordinates on the globe', () => {
    expect(issues({ ...side, date_from: undefined })).toContain('date_from:required');
    expect(issues({ ...side, date_till: undefined })).toContain('date_till:required');
    expect(issues({ ...side, date_from: side.date_from + 0.5 })).toHaveLength(1);
    expect(issues({ ...side, date_till: side.date_till + 0.5 })).toHaveLength(1);
    expect(issues({ ...side, date_timezone: '' })).toEqual(['date_timezone:required']);
    expect(issues({ ...side, date_timezone: undefined })).toEqual(['date_timezone:required']);
    expect(issues({ ...side, date_timezone: 'x'.repeat(65) })).toHaveLength(1);
    expect(issues({ ...side, date_timezone: 'x'.repeat(64) })).toEqual([]);
    expect(issues({ ...side, lat: undefined })).toEqual(['lat:required']);
    expect(issues({ ...side, lng: undefined })).toEqual(['lng:required']);
    for (const [lat, lng] of [[90, 180], [-90, -180]]) expect(issues({ ...side, lat, lng })).toEqual([]);
    for (const bad of [{ lat: 90.1 }, { lat: -90.1 }, { lng: 180.1 }, { lng: -180.1 }]) expect(issues({ ...side, ...bad })).toHaveLength(1);
  });

  it('refuses a time zone with characters no zone name has', () => {
    for (const tz of ['Europe/Brussels x', 'Europe/Brussels;', '<script>', 'Europe\\Brussels']) expect(issues({ ...side, date_timezone: tz }), tz).toEqual(['date_timezone:invalid_body']);
    expect(issues({ ...side, date_timezone: 'America/Port-au-Prince' })).toEqual([]);
    expect(issues({ ...side, date_timezone: 'Etc/GMT+1' })).toEqual([]);
  });

  it('bounds the length of every text', () => {
    const limits = { street: 200, number: 20, box: 20, zip: 20, city: 100, notes: 2000, name: 200 };
    for (const [field, max] of Object.entries(limits)) {
      expect(issues({ ...side, [field]: '1'.repeat(max) }), field).toEqual([]);
      expect(issues({ ...side, [field]: '1'.repeat(max + 1) }), field).toEqual([`${field}:too_long`]);
    }
  });

  it('ends after it starts', () => {
    expect(issues({ ...side, date_till: side.date_from })).toEqual(['date_till:date_order']);
    expect(issues({ ...side, date_till: side.date_from + 1 })).toEqual([]);
  });
});

describe('a new shipment (POST /api/shipment)', () => {
  const shipment = { pickup: side, delivery: { ...side, city: 'Liège' }, packages: [{ type: 'small', description: 'Doos' }] };
  const issues = (input: Record<string, unknown>) => {
    const r = createShipmentSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('defaults the insurance to cmr (Basic) and refuses an unknown one', () => {
    expect(createShipmentSchema.parse(shipment).insurance).toBe('cmr');
    expect(createShipmentSchema.parse({ ...shipment, insurance: 'all_5000' }).insurance).toBe('all_5000');
    expect(issues({ ...shipment, insurance: 'gold' })).toEqual(['insurance:required']);
  });

  it('carries one to 20 packages', () => {
    expect(issues({ ...shipment, packages: [] })).toEqual(['packages:package_required']);
    expect(issues({ ...shipment, packages: undefined })).toEqual(['packages:package_required']);
    expect(issues({ ...shipment, packages: Array(20).fill(shipment.packages[0]) })).toEqual([]);
    expect(issues({ ...shipment, packages: Array(21).fill(shipment.packages[0]) })).toEqual(['packages:too_long']);
  });
});

describe('the time rules the server checks again (SPEC sections 4 and 5)', () => {
  const pickup = { date_from: at('2026-11-24', '08:00'), date_till: at('2026-11-24', '17:00'), date_timezone: TZ };
  const delivery = { date_from: at('2026-11-24', '17:00'), date_till: at('2026-11-24', '22:00') };
  const now = (date: string, time: string) => zonedInstant(date, time, TZ);

  it('accepts a pickup tomorrow, and a delivery starting with it', () => {
    expect(checkShipmentTimes(pickup, delivery, now('2026-11-23', '23:30'))).toEqual([]);
    expect(checkShipmentTimes(pickup, { ...delivery, date_from: pickup.date_from }, now('2026-11-23', '12:00'))).toEqual([]);
  });

  it('books up to exactly 366 days ahead, to the second', () => {
    const nowDate = now('2026-11-23', '10:00');
    const limit = Math.floor(nowDate.getTime() / 1000) + MAX_BOOKING_AHEAD_SECONDS;
    const late = (from: number) => ({ date_from: from, date_till: from + 3600, date_timezone: TZ });
    expect(checkShipmentTimes(late(limit), late(limit), nowDate)).toEqual([]);
    expect(checkShipmentTimes(late(limit + 1), late(limit + 1), nowDate)).toEqual([{ field: 'pickup.date_from', key: 'date_too_far' }]);
  });

  it('refuses a pickup that starts on a past day', () => {
    expect(checkShipmentTimes(pickup, delivery, now('2026-11-25', '07:00'))).toEqual([{ field: 'pickup.date_from', key: 'date_in_past' }]);
  });

  it('a pickup window may not start today at or after 23:00', () => {
    const tonight = { date_from: at('2026-11-24', '23:00'), date_till: at('2026-11-24', '23:59'), date_timezone: TZ };
    const later = { date_from: tonight.date_till, date_till: tonight.date_till + 3600 };
    expect(checkShipmentTimes(tonight, later, now('2026-11-24', '22:59'))).toEqual([]);
    expect(checkShipmentTimes(tonight, later, now('2026-11-24', '23:00'))).toEqual([{ field: 'pickup.date_from', key: 'date_in_past' }]);
  });

  it('refuses a pickup that started on an earlier day, even while its window is still open', () => {
    const week = { date_from: at('2026-11-23', '08:00'), date_till: at('2026-11-27', '17:00'), date_timezone: TZ };
    expect(checkShipmentTimes(week, delivery, now('2026-11-24', '09:00'))).toEqual([{ field: 'pickup.date_from', key: 'date_in_past' }]);
  });

  it('refuses a pickup window that has already closed', () => {
    expect(checkShipmentTimes(pickup, delivery, now('2026-11-24', '17:00'))).toEqual([{ field: 'pickup.date_from', key: 'date_in_past' }]);
    expect(checkShipmentTimes(pickup, delivery, now('2026-11-24', '16:59'))).toEqual([]);
  });

  it('judges the day on the pickup zone’s clock, not UTC', () => {
    // 00:30 on the 24th in Brussels is still the 23rd in UTC: the pickup on the 24th is today, not tomorrow.
    const early = { date_from: at('2026-11-24', '00:30'), date_till: at('2026-11-24', '06:00'), date_timezone: TZ };
    expect(checkShipmentTimes(early, { date_from: early.date_till, date_till: early.date_till + 60 }, now('2026-11-24', '00:10'))).toEqual([]);
  });

  it('a delivery may not start before the pickup', () => {
    expect(checkShipmentTimes(pickup, { ...delivery, date_from: pickup.date_from - 1 }, now('2026-11-23', '12:00'))).toEqual([
      { field: 'delivery.date_from', key: 'before_pickup' },
    ]);
  });
});

describe('what a sender may change', () => {
  it('the only state a sender may set is cancelled', () => {
    expect(senderStatusSchema.parse({ state: 'cancelled' })).toEqual({ state: 'cancelled' });
    expect(senderStatusSchema.safeParse({ state: 'accepted' }).error?.issues[0]?.message).toBe('state_change_not_allowed');
  });

  it('the insurance is one of the five choices', () => {
    expect(updateInsuranceSchema.parse({ id: 3, insurance: 'free' })).toEqual({ id: 3, insurance: 'free' });
    expect(updateInsuranceSchema.safeParse({ insurance: 'gold' }).error?.issues[0]?.message).toBe('required');
    expect(updateInsuranceSchema.safeParse({ id: 1.5, insurance: 'free' }).success).toBe(false);
  });
});

describe('changing a job before acceptance: which offers stay (decision 0023)', () => {
  const stop = { date_from: 1_800_000_000, date_till: 1_800_003_600, lat: 50.9, lng: 5.3, street: 'Kerkstraat', number: '12', box: '', zip: '3500', country: 'BE' };
  const before = { pickup: stop, delivery: { ...stop, zip: '9000', street: 'Veldstraat' }, descriptions: new Map([[5, 'Zetel']]) };
  const after = (over: { pickup?: object; delivery?: object; packages?: { id: number; description: string }[] } = {}) => ({
    pickup: { ...before.pickup, notes: 'Bel aan', name: '', date_timezone: 'Europe/Brussels', city: 'Hasselt', ...over.pickup },
    delivery: { ...before.delivery, notes: 'Achteringang', name: '', date_timezone: 'Europe/Brussels', city: 'Gent', ...over.delivery },
    packages: over.packages ?? [{ id: 5, description: 'Zetel' }],
  });

  it('keeps them when only instructions or company names change', () => {
    expect(offersStay(before, after({ pickup: { notes: 'Poort achteraan' }, delivery: { name: 'Winkel NV' } }))).toBe(true);
  });

  it('withdraws them when a place, a window or a description changes', () => {
    expect(offersStay(before, after({ pickup: { date_till: 1_800_007_200 } }))).toBe(false);
    expect(offersStay(before, after({ delivery: { number: '14' } }))).toBe(false);
    expect(offersStay(before, after({ delivery: { lat: 51.0 } }))).toBe(false);
    expect(offersStay(before, after({ packages: [{ id: 5, description: 'Piano' }] }))).toBe(false);
  });

  it('takes both stops in full and bounded descriptions', () => {
    const side = { ...stop, date_timezone: 'Europe/Brussels', city: 'Hasselt', notes: 'Bel aan' };
    expect(changeShipmentSchema.safeParse({ pickup: side, delivery: side }).data?.packages).toEqual([]);
    expect(changeShipmentSchema.safeParse({ pickup: side }).success).toBe(false);
    expect(changeShipmentSchema.safeParse({ pickup: side, delivery: side, packages: [{ id: 5, description: '' }] }).error?.issues[0]?.message).toBe('required');
    expect(changeShipmentSchema.safeParse({ pickup: side, delivery: side, packages: [{ id: 5, description: 'x'.repeat(1001) }] }).success).toBe(false);
  });
});

describe('who may change a job, and errors as custom issues at their field', () => {
  const offer = {} as NonNullable<ShipmentRead['accepted_offer']>;
  it('lets the sender change a new job with no accepted offer, nothing later', () => {
    expect(changeableBySender({ current_state: { state: 'new' } as ShipmentRead['current_state'], accepted_offer: null })).toBe(true);
    expect(changeableBySender({ current_state: { state: 'new' } as ShipmentRead['current_state'], accepted_offer: offer })).toBe(false);
    expect(changeableBySender({ current_state: { state: 'accepted' } as ShipmentRead['current_state'], accepted_offer: null })).toBe(false);
  });

  it('withdraws offers when any one of several packages is described differently', () => {
    const stop = { date_from: 1_800_000_000, date_till: 1_800_003_600, lat: 50.9, lng: 5.3, street: 'Kerkstraat', number: '12', box: '', zip: '3500', country: 'BE' };
    const full = { ...stop, notes: 'Bel aan', name: '', date_timezone: 'Europe/Brussels', city: 'Hasselt' };
    const before = { pickup: stop, delivery: stop, descriptions: new Map([[5, 'Zetel'], [6, 'Tafel']]) };
    expect(offersStay(before, { pickup: full, delivery: full, packages: [{ id: 5, description: 'Zetel' }, { id: 6, description: 'Tafel' }] })).toBe(true);
    expect(offersStay(before, { pickup: full, delivery: full, packages: [{ id: 5, description: 'Zetel' }, { id: 6, description: 'Bureau' }] })).toBe(false);
  });

  it('reports an incomplete address and a window in the wrong order as custom issues', () => {
    const codes = (input: Record<string, unknown>) => shipmentSideSchema.safeParse(input).error?.issues.map((i) => [i.code, i.path.join('.'), i.message]);
    expect(codes({ ...side, number: '' })).toEqual([['custom', 'street', 'address_incomplete']]);
    expect(codes({ ...side, date_till: side.date_from })).toEqual([['custom', 'date_till', 'date_order']]);
  });
});
