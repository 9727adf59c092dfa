/** Euros (or another ISO currency of a credit not in euros) in the staff member's language, Belgian style. */
export function formatAmount(amount: number, currency: string, language: string): string {
  // The currency comes from the bank's file: anything but a three-letter code is shown as it is.
  if (!/^[A-Z]{3}$/.test(currency)) return `${amount.toFixed(2)} ${currency}`;
  return new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency }).format(amount);
}

/** A booking day 'YYYY-MM-DD' in the staff member's language (as a day, no time zone shift). */
export function formatBookingDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
