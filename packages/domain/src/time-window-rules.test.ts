import { describe, expect, it } from 'vitest';
import {
  checkWindow,
  dayRange,
  deliveryCustomStartMin,
  deliveryTimeOptions,
  pickupDayOptions,
  TIME_PRESETS,
  timeOptions,
  timeRange,
  type WindowChoice,
  windowSeconds,
} from './time-windows.ts';
import { zonedInstant } from './zoned-time.ts';

// SPEC sections 4, 5 and 9: the rules of the wizard's day and time pickers, on the pickup zone's clock.
const BXL = 'Europe/Brussels';
const at = (date: string, time: string) => zonedInstant(date, time, BXL);
const keys = (choice: WindowChoice, now: Date, pickup?: WindowChoice) => checkWindow(choice, now, BXL, pickup).map((e) => `${e.field}:${e.key}`);

describe('the time presets (SPEC section 9)', () => {
  it('are workday 08:00-17:00, evening 17:00-22:00 and arrangement 00:00-23:59', () => {
    expect(TIME_PRESETS).toEqual({ workday: { from: '08:00', till: '17:00' }, evening: { from: '17:00', till: '22:00' }, arrangement: { from: '00:00', till: '23:59' } });
    const w = windowSeconds({ day: 'tomorrow', time: 'evening' }, at('2026-11-23', '09:00'), BXL);
    expect(w).toEqual({ from: at('2026-11-24', '17:00').getTime() / 1000, till: at('2026-11-24', '22:00').getTime() / 1000 });
  });

  it('a custom time not yet chosen runs from 00:00 for at least an hour', () => {
    expect(timeRange({ day: 'today', time: 'custom' })).toEqual({ from: '00:00', till: '01:00' });
    expect(timeRange({ day: 'today', time: 'custom', timeFrom: '10:00' })).toEqual({ from: '10:00', till: '11:00' });
    expect(timeRange({ day: 'today', time: 'custom', timeTill: '05:00' })).toEqual({ from: '00:00', till: '05:00' });
  });
});

describe('this week', () => {
  it('runs to Sunday, or to next Sunday when less than two days are left', () => {
    const week = (today: string) => dayRange({ day: 'this_week', time: 'workday' }, today).till;
    expect(week('2026-11-26')).toBe('2026-11-29'); // Thursday
    expect(week('2026-11-27')).toBe('2026-11-29'); // Friday: two days left
    expect(week('2026-11-28')).toBe('2026-12-06'); // Saturday
    expect(week('2026-11-29')).toBe('2026-12-06'); // Sunday
  });

  it('a custom day with only a start date covers that one day', () => {
    expect(dayRange({ day: 'custom', dateFrom: '2026-12-01', time: 'workday' }, '2026-11-23')).toEqual({ from: '2026-12-01', till: '2026-12-01' });
    expect(dayRange({ day: 'custom', time: 'workday' }, '2026-11-23')).toEqual({ from: '2026-11-23', till: '2026-11-23' });
  });
});

describe('today’s cut-offs (SPEC section 4)', () => {
  const today = '2026-11-23';
  it('by arrangement and custom times are offered today until 22:59, not from 23:00', () => {
    expect(timeOptions(today, at(today, '22:59'), BXL)).toEqual({ workday: false, evening: false, arrangement: true, custom: true });
    expect(timeOptions(today, at(today, '23:00'), BXL)).toEqual({ workday: false, evening: false, arrangement: false, custom: false });
    expect(pickupDayOptions(at(today, '23:00'), BXL).today).toBe(false);
  });

  it('a pickup window may not start today after 23:00, but tomorrow is fine then', () => {
    const late = at(today, '23:30');
    expect(keys({ day: 'custom', dateFrom: today, dateTill: '2026-11-24', time: 'arrangement' }, late)).toEqual(['dateFrom:date_in_past', 'time:option_unavailable']);
    expect(keys({ day: 'custom', dateFrom: '2026-11-24', dateTill: '2026-11-24', time: 'arrangement' }, late)).toEqual([]);
    expect(keys({ day: 'today', time: 'arrangement' }, late)).toEqual(['day:option_unavailable', 'time:option_unavailable']);
  });
});

describe('delivery after the pickup (SPEC section 4)', () => {
  const now = at('2026-11-23', '09:00');

  it('keeps every delivery time when the pickup spans several days, once the delivery ends after the pickup starts', () => {
    expect(deliveryTimeOptions({ day: 'this_week', time: 'evening' }, '2026-11-24', now, BXL)).toEqual({ workday: true, evening: true, arrangement: true, custom: true });
    // Delivered on the pickup's first day itself, a workday window would end (17:00) when the pickup starts.
    expect(deliveryTimeOptions({ day: 'this_week', time: 'evening' }, '2026-11-23', now, BXL)).toEqual({ workday: false, evening: true, arrangement: true, custom: true });
  });

  it('on the pickup’s day still drops what today’s clock has passed', () => {
    const afternoon = at('2026-11-23', '16:30');
    expect(deliveryTimeOptions({ day: 'today', time: 'arrangement' }, '2026-11-23', afternoon, BXL)).toEqual({ workday: false, evening: true, arrangement: true, custom: true });
  });

  it('a custom delivery on a later day may start at any time; on the pickup’s day not before the pickup', () => {
    const pickup: WindowChoice = { day: 'today', time: 'evening' };
    expect(deliveryCustomStartMin(pickup, '2026-11-24', '2026-11-23')).toBe('00:00');
    expect(deliveryCustomStartMin(pickup, '2026-11-23', '2026-11-23')).toBe('17:00');
    expect(keys({ day: 'tomorrow', time: 'custom', timeFrom: '07:00', timeTill: '09:00' }, now, pickup)).toEqual([]);
    expect(keys({ day: 'today', time: 'custom', timeFrom: '16:59', timeTill: '18:00' }, now, pickup)).toEqual(['timeFrom:before_pickup']);
    expect(keys({ day: 'today', time: 'custom', timeFrom: '17:00', timeTill: '18:00' }, now, pickup)).toEqual([]);
  });

  it('a custom delivery on the pickup’s own day is allowed', () => {
    const pickup: WindowChoice = { day: 'tomorrow', time: 'workday' };
    expect(keys({ day: 'custom', dateFrom: '2026-11-24', dateTill: '2026-11-25', time: 'workday' }, now, pickup)).toEqual([]);
  });

  it('a delivery preset before the pickup is unavailable (not a custom-time error)', () => {
    const pickup: WindowChoice = { day: 'today', time: 'evening' };
    expect(keys({ day: 'today', time: 'workday' }, now, pickup)).toEqual(['time:option_unavailable']);
  });
});

describe('custom times (SPEC section 5: 24-hour, no seconds)', () => {
  const now = at('2026-11-23', '09:00');
  const custom = (timeFrom: string, timeTill: string): WindowChoice => ({ day: 'tomorrow', time: 'custom', timeFrom, timeTill });

  it('refuses times that are not HH:MM', () => {
    expect(keys(custom('9:00', '10:00'), now)).toEqual(['timeFrom:time_too_late']);
    expect(keys(custom('09:00', '9:30'), now)).toEqual(['timeTill:time_too_late']);
    expect(keys(custom('09:00', '109:30'), now)).toEqual(['timeTill:time_too_late']);
    expect(keys(custom('09:00', '10:300'), now)).toEqual(['timeTill:time_too_late']);
    expect(keys(custom('09:00', '10:60'), now)).toEqual(['timeTill:time_too_late']);
    expect(keys(custom('23:00', '23:59'), now)).toEqual([]);
  });

  it('refuses a window today that has already ended, on the step where it is chosen (issue 20: 01:00-02:00 at 05:36)', () => {
    const early = at('2026-11-23', '05:36');
    expect(keys({ day: 'today', time: 'custom', timeFrom: '01:00', timeTill: '02:00' }, early)).toEqual(['timeTill:time_in_past']);
    expect(keys({ day: 'custom', dateFrom: '2026-11-23', dateTill: '2026-11-23', time: 'custom', timeFrom: '04:00', timeTill: '05:36' }, early)).toEqual(['timeTill:time_in_past']);
    // Still running, or ending on a later day, or tomorrow: fine.
    expect(keys({ day: 'today', time: 'custom', timeFrom: '05:00', timeTill: '06:00' }, early)).toEqual([]);
    expect(keys({ day: 'custom', dateFrom: '2026-11-22', dateTill: '2026-11-24', time: 'custom', timeFrom: '01:00', timeTill: '02:00' }, early)).toEqual(['dateFrom:date_in_past']);
    expect(keys({ day: 'tomorrow', time: 'custom', timeFrom: '01:00', timeTill: '02:00' }, early)).toEqual([]);
    // The delivery side too, judged on the pickup's clock.
    expect(keys({ day: 'today', time: 'custom', timeFrom: '02:00', timeTill: '03:00' }, early, { day: 'today', time: 'arrangement' })).toEqual(['timeTill:time_in_past']);
  });

  it('may end before the start hour on a later day of a multi-day window', () => {
    expect(keys({ day: 'custom', dateFrom: '2026-11-24', dateTill: '2026-11-25', time: 'custom', timeFrom: '15:00', timeTill: '09:00' }, now)).toEqual([]);
  });
});
