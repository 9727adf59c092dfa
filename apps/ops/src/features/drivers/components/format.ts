const BELGIAN_TIME = 'Europe/Brussels';

/** Unix seconds as a short date and time in Belgian time. */
export const formatWhen = (unix: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: BELGIAN_TIME }).format(new Date(unix * 1000));

/** A calendar day 'YYYY-MM-DD' in the staff member's language (as a day, no time zone shift). */
export const formatDay = (day: string, locale: string) => {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
};

/** Today's Belgian calendar day as 'YYYY-MM-DD': a document valid through an earlier day has expired. */
export const belgianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: BELGIAN_TIME, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
