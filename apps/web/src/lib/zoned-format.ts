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

/** '23/11 08:00 – 17:00' within a day; '24/11 09:00 – 25/11 17:00' over several days. */
export function timeWindow(from: number, till: number, timeZone: string): string {
  const sameDay = dayMonth(from, timeZone) === dayMonth(till, timeZone);
  return `${dayMonth(from, timeZone)} ${clockTime(from, timeZone)} – ${sameDay ? '' : `${dayMonth(till, timeZone)} `}${clockTime(till, timeZone)}`;
}
