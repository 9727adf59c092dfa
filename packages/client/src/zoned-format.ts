import { formatWindow } from '@vm/domain/window-format';
import { localeTag } from './locale.ts';

// Dates and times on a given clock (a shipment's time zone), in the nl-BE short form: DD/MM and HH:mm.

const formatters = new Map<string, Intl.DateTimeFormat>();
function parts(seconds: number, timeZone: string): { day: string; month: string; hour: string; minute: string } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('nl-BE', { timeZone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(seconds * 1000).map((x) => [x.type, x.value]));
  return { day: p.day!, month: p.month!, hour: p.hour!, minute: p.minute! };
}

/** 'DD/MM' on the zone's clock. */
export const dayMonth = (seconds: number, timeZone: string) => {
  const p = parts(seconds, timeZone);
  return `${p.day}/${p.month}`;
};

/** 'HH:mm' on the zone's clock. */
export const clockTime = (seconds: number, timeZone: string) => {
  const p = parts(seconds, timeZone);
  return `${p.hour}:${p.minute}`;
};

/**
 * A booked window, the one form used on every screen (and in the mails, from the same domain
 * formatter): 'ma 23 nov, 08:00 – 17:00' within a day, 'ma 23 nov 17:00 – zo 29 nov 22:00' over several.
 */
export const timeWindow = (from: number, till: number, timeZone: string): string => formatWindow(from, till, timeZone, localeTag());
