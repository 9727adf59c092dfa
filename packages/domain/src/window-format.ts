import { localParts } from './zoned-time.ts';

// How a booked time window reads, everywhere (job page, list cards, offers, mails, tracking):
// on the clock of the window's own time zone, as the sender booked it. A window within one day
// reads 'ma 23 nov, 17:00 – 22:00'; a window over several days names both days,
// 'ma 23 nov 17:00 – zo 29 nov 22:00', so "this week, evening" never looks like one evening.

/** A BCP 47 tag such as 'nl-BE', 'fr-BE' or 'en-GB'. */
export type LocaleTag = string;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: LocaleTag, timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withYear}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) });
    dayFormats.set(key, f);
  }
  return f;
}

/** The day of an instant on the zone's clock: 'ma 23 nov' (with the year when asked: 'ma 23 nov 2026'). */
export function formatDay(seconds: number, timeZone: string, locale: LocaleTag = 'nl-BE', withYear = false): string {
  return dayFormat(locale, timeZone, withYear).format(seconds * 1000);
}

/** 'HH:mm', 24 hours, on the zone's clock. */
export const formatClock = (seconds: number, timeZone: string): string => localParts(new Date(seconds * 1000), timeZone).time;

/**
 * A window from `from` to `till` (unix seconds) on the zone's clock:
 * - one day: 'ma 23 nov, 17:00 – 22:00'
 * - several days: 'ma 23 nov 17:00 – zo 29 nov 22:00'
 * - across a new year, both days carry their year: 'do 31 dec 2026 17:00 – vr 1 jan 2027 22:00'.
 */
export function formatWindow(from: number, till: number, timeZone: string, locale: LocaleTag = 'nl-BE'): string {
  const a = localParts(new Date(from * 1000), timeZone);
  const b = localParts(new Date(till * 1000), timeZone);
  if (a.date === b.date) return `${formatDay(from, timeZone, locale)}, ${a.time} – ${b.time}`;
  const withYear = a.date.slice(0, 4) !== b.date.slice(0, 4);
  return `${formatDay(from, timeZone, locale, withYear)} ${a.time} – ${formatDay(till, timeZone, locale, withYear)} ${b.time}`;
}

/** Whether a window covers more than one day on its zone's clock. */
export const spansDays = (from: number, till: number, timeZone: string): boolean =>
  localParts(new Date(from * 1000), timeZone).date !== localParts(new Date(till * 1000), timeZone).date;
