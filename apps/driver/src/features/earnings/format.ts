// Earnings' dates: 'DD/MM/YYYY HH:mm' on Brussels' clock (the platform's), whatever the phone's zone.
const brussels = new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Unix seconds as '27/11/2026 14:05' (Europe/Brussels). */
export function brusselsDateTime(seconds: number): string {
  const p = Object.fromEntries(brussels.formatToParts(seconds * 1000).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A calendar date 'YYYY-MM-DD' as '16/11/2026'. */
export const dayText = (date: string): string => date.split('-').reverse().join('/');
