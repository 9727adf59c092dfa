import { describe, expect, it } from 'vitest';
import {
  checkWindow,
  customTillMin,
  dayRange,
  deliveryDayOptions,
  deliveryTimeOptions,
  pickupDayOptions,
  timeOptions,
  type WindowChoice,
  windowSeconds,
  deliveryWindowSeconds,
} from './time-windows.ts';
import { localParts, zonedInstant } from './zoned-time.ts';

const BXL = 'Europe/Brussels';
/** An instant given as Brussels wall-clock time. */
const at = (date: string, time: string, tz = BXL) => zonedInstant(date, time, tz);
const iso = (d: Date) => d.toISOString();

describe('zoned time', () => {
  it('maps Brussels wall clock to UTC in winter and summer', () => {
    expect(iso(at('2026-01-15', '10:00'))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(at('2026-07-15', '10:00'))).toBe('2026-07-15T08:00:00.000Z');
    expect(localParts(new Date('2026-07-15T21:59:00Z'), BXL)).toEqual({ date: '2026-07-15', time: '23:59', weekday: 3 });
  });

  it('handles the spring change (29 March 2026, 02:00 -> 03:00)', () => {
    expect(iso(at('2026-03-29', '01:59'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(at('2026-03-29', '03:00'))).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 does not exist: it lands one hour later on the clock, the same instant as 03:30.
    expect(iso(at('2026-03-29', '02:30'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('handles the autumn change (25 October 2026, 03:00 -> 02:00), taking the first 02:30', () => {
    expect(iso(at('2026-10-25', '02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(at('2026-10-25', '03:30'))).toBe('2026-10-25T02:30:00.000Z');
  });
});

describe('pickup day options', () => {
  it('offers today until 22:59 and not from 23:00, in the pickup zone', () => {
    expect(pickupDayOptions(at('2026-11-23', '22:59'), BXL).today).toBe(true);
    expect(pickupDayOptions(at('2026-11-23', '23:00'), BXL).today).toBe(false);
    expect(pickupDayOptions(at('2026-11-23', '23:10'), BXL)).toEqual({ today: false, tomorrow: true, this_week: true, custom: true });
    // 23:10 in Brussels is 22:10 in London: still today there.
    expect(pickupDayOptions(at('2026-11-23', '23:10'), 'Europe/London').today).toBe(true);
  });

  it('uses the local clock on both DST change days', () => {
    // 23:00 local is 21:00 UTC in summer time and 22:00 UTC in winter time.
    expect(pickupDayOptions(new Date('2026-03-29T20:59:00Z'), BXL).today).toBe(true);
    expect(pickupDayOptions(new Date('2026-03-29T21:00:00Z'), BXL).today).toBe(false);
    expect(pickupDayOptions(new Date('2026-10-25T21:59:00Z'), BXL).today).toBe(true);
    expect(pickupDayOptions(new Date('2026-10-25T22:00:00Z'), BXL).today).toBe(false);
  });
});

describe('time options on today', () => {
  const today = '2026-11-23';
  it('drops workday from 16:00 and evening from 21:00', () => {
    expect(timeOptions(today, at(today, '15:59'), BXL)).toEqual({ workday: true, evening: true, arrangement: true, custom: true });
    expect(timeOptions(today, at(today, '16:00'), BXL)).toEqual({ workday: false, evening: true, arrangement: true, custom: true });
    expect(timeOptions(today, at(today, '16:30'), BXL).workday).toBe(false);
    expect(timeOptions(today, at(today, '20:59'), BXL).evening).toBe(true);
    expect(timeOptions(today, at(today, '21:00'), BXL)).toEqual({ workday: false, evening: false, arrangement: true, custom: true });
  });

  it('keeps every choice on other days', () => {
    expect(timeOptions('2026-11-24', at(today, '22:30'), BXL)).toEqual({ workday: true, evening: true, arrangement: true, custom: true });
  });

  it('applies the cut-offs by the local clock on DST days', () => {
    // 16:00 local on 29 March is 14:00 UTC; on 25 October it is 15:00 UTC.
    expect(timeOptions('2026-03-29', new Date('2026-03-29T13:59:00Z'), BXL).workday).toBe(true);
    expect(timeOptions('2026-03-29', new Date('2026-03-29T14:00:00Z'), BXL).workday).toBe(false);
    expect(timeOptions('2026-10-25', new Date('2026-10-25T14:59:00Z'), BXL).workday).toBe(true);
    expect(timeOptions('2026-10-25', new Date('2026-10-25T15:00:00Z'), BXL).workday).toBe(false);
  });
});

describe('day ranges', () => {
  it('covers today, tomorrow, the rest of the week, and custom dates', () => {
    const monday = '2026-11-23';
    expect(dayRange({ day: 'today', time: 'workday' }, monday)).toEqual({ from: monday, till: monday });
    expect(dayRange({ day: 'tomorrow', time: 'workday' }, monday)).toEqual({ from: '2026-11-24', till: '2026-11-24' });
    expect(dayRange({ day: 'this_week', time: 'workday' }, monday)).toEqual({ from: monday, till: '2026-11-29' });
    expect(dayRange({ day: 'this_week', time: 'workday' }, '2026-11-28')).toEqual({ from: '2026-11-28', till: '2026-12-06' });
    expect(dayRange({ day: 'custom', dateFrom: '2026-12-01', dateTill: '2026-12-03', time: 'workday' }, monday)).toEqual({ from: '2026-12-01', till: '2026-12-03' });
  });
});

describe('delivery depends on pickup', () => {
  const now = at('2026-11-23', '09:00');
  const pickup = (p: Partial<WindowChoice>): WindowChoice => ({ day: 'today', time: 'workday', ...p });

  it('pickup tomorrow disables delivery today; pickup this week disables today and tomorrow', () => {
    expect(deliveryDayOptions(pickup({ day: 'today' }), now, BXL)).toEqual({ today: true, tomorrow: true, this_week: true, custom: true });
    expect(deliveryDayOptions(pickup({ day: 'tomorrow' }), now, BXL)).toEqual({ today: false, tomorrow: true, this_week: true, custom: true });
    expect(deliveryDayOptions(pickup({ day: 'this_week' }), now, BXL)).toEqual({ today: false, tomorrow: false, this_week: true, custom: true });
    expect(deliveryDayOptions(pickup({ day: 'custom', dateFrom: '2026-11-26', dateTill: '2026-11-26' }), now, BXL)).toMatchObject({ today: false, tomorrow: false });
  });

  it('on the same day, delivery times start no earlier than the pickup', () => {
    const day = '2026-11-23';
    expect(deliveryTimeOptions(pickup({ time: 'workday' }), day, now, BXL)).toEqual({ workday: true, evening: true, arrangement: true, custom: true });
    expect(deliveryTimeOptions(pickup({ time: 'evening' }), day, now, BXL)).toEqual({ workday: false, evening: true, arrangement: true, custom: true });
    expect(deliveryTimeOptions(pickup({ time: 'custom', timeFrom: '10:00', timeTill: '12:00' }), day, now, BXL).workday).toBe(false);
    // Another day: anything goes.
    expect(deliveryTimeOptions(pickup({ time: 'evening' }), '2026-11-24', now, BXL)).toEqual({ workday: true, evening: true, arrangement: true, custom: true });
    // Tomorrow for both: the same rule.
    expect(deliveryTimeOptions(pickup({ day: 'tomorrow', time: 'evening' }), '2026-11-24', now, BXL).workday).toBe(false);
  });

  it('a custom pickup after this week disables delivery "this week" (it would end before the pickup starts)', () => {
    // Monday 23 Nov: this week runs to Sunday 29 Nov; a pickup two weeks ahead starts on 7 Dec.
    const later = pickup({ day: 'custom', dateFrom: '2026-12-07', dateTill: '2026-12-08' });
    expect(deliveryDayOptions(later, now, BXL)).toEqual({ today: false, tomorrow: false, this_week: false, custom: true });
    expect(checkWindow({ day: 'this_week', time: 'workday' }, now, BXL, later).map((e) => `${e.field}:${e.key}`)).toContain('day:option_unavailable');
    // A pickup on the week's last day still leaves "this week" to deliver on that Sunday.
    const sunday = pickup({ day: 'custom', dateFrom: '2026-11-29', dateTill: '2026-11-29' });
    expect(deliveryDayOptions(sunday, now, BXL).this_week).toBe(true);
  });

  it('a delivery ending on the pickup\'s first day must end after the pickup starts', () => {
    const sundayEvening = pickup({ day: 'custom', dateFrom: '2026-11-29', dateTill: '2026-11-29', time: 'evening' });
    // This week ends on that Sunday: a workday delivery would end at 17:00, when the pickup only starts.
    expect(deliveryTimeOptions(sundayEvening, '2026-11-23', now, BXL, '2026-11-29')).toEqual({ workday: false, evening: true, arrangement: true, custom: true });
    expect(checkWindow({ day: 'this_week', time: 'workday' }, now, BXL, sundayEvening).map((e) => `${e.field}:${e.key}`)).toEqual(['time:option_unavailable']);
    expect(checkWindow({ day: 'this_week', time: 'custom', timeFrom: '09:00', timeTill: '16:00' }, now, BXL, sundayEvening).map((e) => `${e.field}:${e.key}`)).toEqual(['timeTill:before_pickup']);
    expect(checkWindow({ day: 'this_week', time: 'custom', timeFrom: '09:00', timeTill: '18:00' }, now, BXL, sundayEvening)).toEqual([]);
  });

  it('a custom pickup starting in the evening disables the same-day delivery presets', () => {
    const evening = pickup({ time: 'custom', timeFrom: '17:00', timeTill: '19:00' });
    expect(deliveryTimeOptions(evening, '2026-11-23', now, BXL)).toEqual({ workday: false, evening: false, arrangement: true, custom: true });
    const afternoon = pickup({ time: 'custom', timeFrom: '16:59', timeTill: '18:00' });
    expect(deliveryTimeOptions(afternoon, '2026-11-23', now, BXL).evening).toBe(true);
  });
});

describe('custom windows', () => {
  it("sets the minimum 'till' to start + 1 h, or the start itself at 23h", () => {
    expect(customTillMin('08:00')).toBe('09:00');
    expect(customTillMin('22:30')).toBe('23:30');
    expect(customTillMin('23:00')).toBe('23:00');
  });

  const now = at('2026-11-23', '10:00');
  const keys = (c: WindowChoice, p?: WindowChoice) => checkWindow(c, now, BXL, p).map((e) => `${e.field}:${e.key}`);

  it('refuses an end date before the start date, and a start in the past', () => {
    expect(keys({ day: 'custom', dateFrom: '2026-11-25', dateTill: '2026-11-24', time: 'workday' })).toEqual(['dateTill:date_order']);
    expect(keys({ day: 'custom', dateFrom: '2026-11-22', dateTill: '2026-11-24', time: 'workday' })).toEqual(['dateFrom:date_in_past']);
    expect(keys({ day: 'custom', dateFrom: '2026-11-23', dateTill: '2026-11-24', time: 'workday' })).toEqual([]);
    // Today at 23:00 or later is in the past too.
    expect(checkWindow({ day: 'custom', dateFrom: '2026-11-23', dateTill: '2026-11-24', time: 'arrangement' }, at('2026-11-23', '23:00'), BXL).map((e) => e.key)).toContain('date_in_past');
  });

  it('limits custom times: start at the latest 23:00, end at the latest 23:59 and at least the minimum till', () => {
    const c = (timeFrom: string, timeTill: string): WindowChoice => ({ day: 'tomorrow', time: 'custom', timeFrom, timeTill });
    expect(keys(c('09:00', '10:00'))).toEqual([]);
    expect(keys(c('09:00', '09:30'))).toEqual(['timeTill:time_order']);
    expect(keys(c('23:00', '23:00'))).toEqual([]);
    expect(keys(c('23:01', '23:59'))).toEqual(['timeFrom:time_too_late']);
    expect(keys(c('22:00', '24:00'))).toEqual(['timeTill:time_too_late']);
  });

  it('refuses unavailable options and deliveries before the pickup', () => {
    const late = at('2026-11-23', '16:30');
    expect(checkWindow({ day: 'today', time: 'workday' }, late, BXL).map((e) => e.key)).toEqual(['option_unavailable']);
    const pickup: WindowChoice = { day: 'tomorrow', time: 'workday' };
    expect(keys({ day: 'today', time: 'workday' }, pickup)).toEqual(['day:option_unavailable']);
    expect(keys({ day: 'custom', dateFrom: '2026-11-23', dateTill: '2026-11-23', time: 'workday' }, pickup)).toEqual(['dateFrom:before_pickup']);
    expect(keys({ day: 'tomorrow', time: 'custom', timeFrom: '07:00', timeTill: '09:00' }, pickup)).toEqual(['timeFrom:before_pickup']);
  });
});

describe('window in unix seconds', () => {
  it('turns the wall-clock window into instants of the zone, also across a DST change', () => {
    const now = at('2026-03-28', '10:00');
    const w = windowSeconds({ day: 'tomorrow', time: 'workday' }, now, BXL);
    expect(new Date(w.from * 1000).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(new Date(w.till * 1000).toISOString()).toBe('2026-03-29T15:00:00.000Z');
    const arrangement = windowSeconds({ day: 'custom', dateFrom: '2026-10-25', dateTill: '2026-10-25', time: 'arrangement' }, now, BXL);
    // 00:00 CEST to 23:59 CET: a 25-hour day.
    expect((arrangement.till - arrangement.from) / 3600).toBeCloseTo(24 + 59 / 60);
  });
});

describe('delivery window', () => {
  it('starts no earlier than the pickup when the delivery choice is wider', () => {
    const now = at('2026-11-23', '09:00');
    const pickup: WindowChoice = { day: 'tomorrow', time: 'workday' };
    const w = deliveryWindowSeconds({ day: 'this_week', time: 'arrangement' }, pickup, now, BXL);
    expect(new Date(w.from * 1000).toISOString()).toBe(iso(at('2026-11-24', '08:00')));
    expect(new Date(w.till * 1000).toISOString()).toBe(iso(at('2026-11-29', '23:59')));
    const later = deliveryWindowSeconds({ day: 'custom', dateFrom: '2026-11-26', dateTill: '2026-11-26', time: 'workday' }, pickup, now, BXL);
    expect(new Date(later.from * 1000).toISOString()).toBe(iso(at('2026-11-26', '08:00')));
  });
});
