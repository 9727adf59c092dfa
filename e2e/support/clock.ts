// The browser's clock for tests that book: a Monday that is still ahead of the server's real
// clock. A fixed date (once 2026-11-23) becomes the past one day, and the server then refuses
// the windows the browser offers. The weekday and the hour stay fixed, so the wizard's rules
// (today, tomorrow, this week, workday hours) give the same choices on every run.

const DAY_MS = 86_400_000;
const DUTCH_WEEKDAYS = ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'];
const DUTCH_MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** Brussels' offset from UTC, in minutes, at an instant (60 in winter, 120 in summer). */
function brusselsOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Brussels', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - Math.floor(at / 60_000) * 60_000) / 60_000;
}

/** A calendar day (its UTC midnight stands for it) at a Brussels wall-clock time. */
function atBrusselsTime(dayUtcMidnight: number, hhmm: string): Date {
  const wall = dayUtcMidnight + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * 60_000;
  return new Date(wall - brusselsOffsetMinutes(wall - 60 * 60_000) * 60_000);
}

/**
 * The Monday the tests live on: at least two days from now, with its whole week in one year
 * (a window over the new year names its years). Its midnight, as a UTC timestamp.
 */
function testMonday(now = Date.now()): number {
  let day = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()) + 2 * DAY_MS;
  while (new Date(day).getUTCDay() !== 1 || new Date(day).getUTCFullYear() !== new Date(day + 6 * DAY_MS).getUTCFullYear()) day += DAY_MS;
  return day;
}

/** The test Monday (plus `days`) at a Brussels time, for `page.clock.setFixedTime`. */
export const mondayAt = (hhmm: string, days = 0): Date => atBrusselsTime(testMonday() + days * DAY_MS, hhmm);

/** The test Monday plus `days` as the Dutch UI writes a day: 'ma 23 nov'. */
export function dutchDay(days = 0): string {
  const d = new Date(testMonday() + days * DAY_MS);
  return `${DUTCH_WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${DUTCH_MONTHS[d.getUTCMonth()]}`;
}
