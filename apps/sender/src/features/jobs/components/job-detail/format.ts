import { formatEuro } from '@vm/domain/insurance';
import type { OfferRead } from '@vm/domain/offer';
import { formatWindow } from '@vm/domain/window-format';
import { currentLanguage, localeTag } from '@vm/client/locale.ts';

// How the job page writes times, distances, durations, amounts and drivers.

/** The wire carries euros with 2 decimals; the domain formats cents. */
export const euro = (euros: number) => formatEuro(Math.round(euros * 100), localeTag());
/** A driver as senders see them: first name and initial ('Sofie C.'). */
export const driverName = (o: OfferRead) => `${o.driver.user.first_name} ${o.driver.user.last_name.charAt(0)}.`;

/** Times are shown on the pickup's clock, as the sender chose them in the wizard. */
export const when = (seconds: number, timeZone: string, withDay = true) =>
  new Intl.DateTimeFormat(localeTag(), { timeZone, ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}), hour: '2-digit', minute: '2-digit' }).format(seconds * 1000);
/** A booked window: one day ('ma 23 nov, 17:00 – 22:00') or a range of days ('ma 23 nov 17:00 – zo 29 nov 22:00'). */
export const timeWindow = (from: number, till: number, tz: string) => formatWindow(from, till, tz, localeTag());
export const km = (metres: number) => Math.ceil(metres / 1000);
export const duration = (seconds: number) => {
  const m = Math.round(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} ${currentLanguage() === 'nl' ? 'u' : 'h'} ${String(m % 60).padStart(2, '0')} min` : `${m} min`;
};
