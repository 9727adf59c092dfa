import { addDays, localParts, minutesOf, timeOf, weekdayOf, zonedInstant } from './zoned-time.ts';

// The pickup and delivery time-window rules of SPEC sections 4, 5 and 9. Everything is judged
// on the wall clock of the pickup's time zone, with an injected `now`, so that the wizard and
// the server agree and the rules can be tested on any day, DST changes included.

export const DAY_CHOICES = ['today', 'tomorrow', 'this_week', 'custom'] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];
export const TIME_CHOICES = ['workday', 'evening', 'arrangement', 'custom'] as const;
export type TimeChoice = (typeof TIME_CHOICES)[number];

export const TIME_PRESETS: Record<Exclude<TimeChoice, 'custom'>, { from: string; till: string }> = {
  workday: { from: '08:00', till: '17:00' },
  evening: { from: '17:00', till: '22:00' },
  arrangement: { from: '00:00', till: '23:59' },
};

/** From these wall-clock times on, a choice for today is no longer offered. */
export const CUTOFFS = { today: '23:00', workday: '16:00', evening: '21:00' } as const;
/** Custom pickers: start at the latest 23:00, end at the latest 23:59. */
export const LATEST_CUSTOM_START = '23:00';
export const LATEST_CUSTOM_END = '23:59';
/** A custom pickup starting at or after this time counts as an evening start. */
export const EVENING_START = TIME_PRESETS.evening.from;

export type DateRange = { from: string; till: string };
export type WindowChoice = {
  day: DayChoice;
  /** Only for day 'custom'. */
  dateFrom?: string;
  dateTill?: string;
  time: TimeChoice;
  /** Only for time 'custom'. */
  timeFrom?: string;
  timeTill?: string;
};

export type Availability<K extends string> = Record<K, boolean>;

export const todayIn = (now: Date, timeZone: string) => localParts(now, timeZone).date;

/**
 * The dates a day choice covers. 'this_week' runs from today to Sunday; on Saturday and Sunday,
 * when that leaves less than two days, it runs to next Sunday.
 */
export function dayRange(choice: WindowChoice, today: string): DateRange {
  switch (choice.day) {
    case 'today':
      return { from: today, till: today };
    case 'tomorrow':
      return { from: addDays(today, 1), till: addDays(today, 1) };
    case 'this_week': {
      const toSunday = 7 - weekdayOf(today);
      return { from: today, till: addDays(today, toSunday < 2 ? toSunday + 7 : toSunday) };
    }
    case 'custom':
      // An empty field (the wizard's '') counts as not given.
      return { from: choice.dateFrom || today, till: choice.dateTill || choice.dateFrom || today };
  }
}

export function timeRange(choice: WindowChoice): { from: string; till: string } {
  if (choice.time === 'custom') return { from: choice.timeFrom ?? '00:00', till: choice.timeTill ?? customTillMin(choice.timeFrom ?? '00:00') };
  return TIME_PRESETS[choice.time];
}

/** The earliest 'till' a custom window may have: start + 1 h, or the start itself in the 23h hour. */
export function customTillMin(timeFrom: string): string {
  const m = minutesOf(timeFrom);
  return m >= 23 * 60 ? timeFrom : timeOf(m + 60);
}

/** Pickup days: today is gone from 23:00. */
export function pickupDayOptions(now: Date, timeZone: string): Availability<DayChoice> {
  const { time } = localParts(now, timeZone);
  return { today: time < CUTOFFS.today, tomorrow: true, this_week: true, custom: true };
}

/** Time choices for a window starting on `startDate`: on today, workday from 16:00 and evening from 21:00 are gone. */
export function timeOptions(startDate: string, now: Date, timeZone: string): Availability<TimeChoice> {
  const local = localParts(now, timeZone);
  const isToday = startDate === local.date;
  return {
    workday: !isToday || local.time < CUTOFFS.workday,
    evening: !isToday || local.time < CUTOFFS.evening,
    arrangement: !isToday || local.time < CUTOFFS.today,
    custom: !isToday || local.time < CUTOFFS.today,
  };
}

/**
 * Delivery days after a pickup choice: never a choice that ends before the pickup's first day. So
 * a pickup tomorrow disables delivery today, a pickup this week (which may end on Sunday) disables
 * today and tomorrow, and a custom pickup after this week disables 'this week' too (its window
 * would end before the pickup starts, and the server would refuse it).
 */
export function deliveryDayOptions(pickup: WindowChoice, now: Date, timeZone: string): Availability<DayChoice> {
  const today = todayIn(now, timeZone);
  const base = pickupDayOptions(now, timeZone);
  const pickupDays = dayRange(pickup, today);
  const reaches = (day: Exclude<DayChoice, 'custom'>) => dayRange({ day, time: 'arrangement' }, today).till >= pickupDays.from;
  return {
    today: base.today && pickup.day !== 'this_week' && reaches('today'),
    tomorrow: pickup.day !== 'this_week' && reaches('tomorrow'),
    this_week: reaches('this_week'),
    custom: true,
  };
}

/**
 * Delivery time choices for a delivery from `deliveryStart` to `deliveryEnd` (one day unless
 * given). On the pickup's own day a delivery may not start before the pickup ('arrangement' is
 * agreed with the driver, so it stays); after a custom pickup that starts in the evening, the
 * same-day workday and evening choices are gone. A delivery whose last day is the pickup's first
 * day must end after the pickup starts.
 */
export function deliveryTimeOptions(pickup: WindowChoice, deliveryStart: string, now: Date, timeZone: string, deliveryEnd = deliveryStart): Availability<TimeChoice> {
  const options = timeOptions(deliveryStart, now, timeZone);
  const pickupDays = dayRange(pickup, todayIn(now, timeZone));
  const pickupFrom = minutesOf(timeRange(pickup).from);
  const endsAfterPickup = (x: Exclude<TimeChoice, 'custom'>) => deliveryEnd !== pickupDays.from || minutesOf(TIME_PRESETS[x].till) > pickupFrom;
  const ending = { ...options, workday: options.workday && endsAfterPickup('workday'), evening: options.evening && endsAfterPickup('evening'), arrangement: options.arrangement && endsAfterPickup('arrangement') };
  if (pickupDays.from !== pickupDays.till || pickupDays.from !== deliveryStart) return ending;
  const eveningStart = pickup.time === 'custom' && pickupFrom >= minutesOf(EVENING_START);
  return {
    workday: ending.workday && !eveningStart && minutesOf(TIME_PRESETS.workday.from) >= pickupFrom,
    evening: ending.evening && !eveningStart && minutesOf(TIME_PRESETS.evening.from) >= pickupFrom,
    arrangement: ending.arrangement,
    custom: ending.custom,
  };
}

/** The earliest start a custom delivery may pick on `deliveryStart` (the pickup's start on its own day). */
export function deliveryCustomStartMin(pickup: WindowChoice, deliveryStart: string, today: string): string {
  const pickupDays = dayRange(pickup, today);
  return pickupDays.from === deliveryStart ? timeRange(pickup).from : '00:00';
}

export type WindowError = { field: 'dateFrom' | 'dateTill' | 'timeFrom' | 'timeTill' | 'day' | 'time'; key: WindowErrorKey };
export type WindowErrorKey = 'date_order' | 'date_in_past' | 'time_order' | 'time_too_late' | 'time_in_past' | 'option_unavailable' | 'before_pickup';

/**
 * The rules of custom dates alone (SPEC section 5), so that the wizard can tell them as soon as a
 * date is entered, before any time is chosen: not before today (nor today from 23:00), the end
 * not before the start, a delivery not before the pickup's first day.
 */
export function checkCustomDates(days: DateRange, now: Date, timeZone: string, pickup?: WindowChoice): WindowError[] {
  const errors: WindowError[] = [];
  const today = todayIn(now, timeZone);
  const past = days.from < today || (days.from === today && !pickupDayOptions(now, timeZone).today);
  if (past) errors.push({ field: 'dateFrom', key: 'date_in_past' });
  if (days.till < days.from) errors.push({ field: 'dateTill', key: 'date_order' });
  if (pickup && days.from < dayRange(pickup, today).from) errors.push({ field: 'dateFrom', key: 'before_pickup' });
  return errors;
}

/** Checks one side's choice as the wizard and the server must: answers every broken rule. */
export function checkWindow(choice: WindowChoice, now: Date, timeZone: string, pickup?: WindowChoice): WindowError[] {
  const errors: WindowError[] = [];
  const today = todayIn(now, timeZone);
  const days = dayRange(choice, today);
  const times = timeRange(choice);

  const dayOk = pickup ? deliveryDayOptions(pickup, now, timeZone)[choice.day] : pickupDayOptions(now, timeZone)[choice.day];
  if (!dayOk) errors.push({ field: 'day', key: 'option_unavailable' });
  if (choice.day === 'custom') errors.push(...checkCustomDates(days, now, timeZone, pickup));

  const timeOk = pickup ? deliveryTimeOptions(pickup, days.from, now, timeZone, days.till)[choice.time] : timeOptions(days.from, now, timeZone)[choice.time];
  if (!timeOk) errors.push({ field: 'time', key: 'option_unavailable' });
  if (choice.time === 'custom') {
    if (!isTime(times.from) || times.from > LATEST_CUSTOM_START) errors.push({ field: 'timeFrom', key: 'time_too_late' });
    if (!isTime(times.till) || times.till > LATEST_CUSTOM_END) errors.push({ field: 'timeTill', key: 'time_too_late' });
    else if (days.from === days.till && times.till < customTillMin(times.from)) errors.push({ field: 'timeTill', key: 'time_order' });
    // A window that ends today at a time already gone (at 05:36, 01:00 to 02:00): the server
    // refuses a window that has ended, so the step where the time is chosen says so.
    else if (days.till === today && times.till <= localParts(now, timeZone).time) errors.push({ field: 'timeTill', key: 'time_in_past' });
    if (pickup && times.from < deliveryCustomStartMin(pickup, days.from, today)) errors.push({ field: 'timeFrom', key: 'before_pickup' });
    else if (pickup && days.till === dayRange(pickup, today).from && times.till <= timeRange(pickup).from) errors.push({ field: 'timeTill', key: 'before_pickup' });
  }
  return errors;
}

const isTime = (t: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t);

/** The window as unix seconds in its zone (date_from, date_till of SPEC section 3). */
export function windowSeconds(choice: WindowChoice, now: Date, timeZone: string): { from: number; till: number } {
  const days = dayRange(choice, todayIn(now, timeZone));
  const times = timeRange(choice);
  return {
    from: Math.floor(zonedInstant(days.from, times.from, timeZone).getTime() / 1000),
    till: Math.floor(zonedInstant(days.till, times.till, timeZone).getTime() / 1000),
  };
}

/**
 * The delivery window as sent to the server: it never starts before the pickup, so a wide choice
 * (this week, by arrangement) begins when the pickup does.
 */
export function deliveryWindowSeconds(delivery: WindowChoice, pickup: WindowChoice, now: Date, timeZone: string, pickupZone = timeZone): { from: number; till: number } {
  const d = windowSeconds(delivery, now, timeZone);
  const p = windowSeconds(pickup, now, pickupZone);
  return { from: Math.max(d.from, p.from), till: d.till };
}
