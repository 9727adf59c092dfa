const BELGIAN_TIME = 'Europe/Brussels';

/** Unix seconds as a short date and time in Belgian time. */
export const formatWhen = (unix: number, language: string) =>
  new Intl.DateTimeFormat(`${language}-BE`, { dateStyle: 'medium', timeStyle: 'short', timeZone: BELGIAN_TIME }).format(new Date(unix * 1000));

/** Euros in the staff member's language, Belgian style. */
export const formatEuros = (amount: number, language: string) => new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency: 'EUR' }).format(amount);

/** Half of an amount in euros, to the cent (an odd cent goes to the sender). */
export const halfOf = (amount: number) => Math.round((Math.round(amount * 100) / 2)) / 100;

/** What a staff member typed as euros ("60,25", "60.25", "€ 60"), or null when it is not an amount with at most 2 decimals. */
export function parseEuros(text: string): number | null {
  const clean = text.replace(/[€\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

/** An amount for the refund field, in the staff member's way of writing decimals. */
export const euroInput = (amount: number, language: string) => (language === 'en' ? amount.toFixed(2) : amount.toFixed(2).replace('.', ','));
