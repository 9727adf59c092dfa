/** Euros in the staff member's language, Belgian style. */
export const formatEuros = (amount: number, language: string) => new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency: 'EUR' }).format(amount);

/** A moment (unix seconds) on Brussels' clock. */
export const formatMoment = (unix: number, language: string) => new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(unix * 1000));

/** A day 'YYYY-MM-DD' (no time zone shift). */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
