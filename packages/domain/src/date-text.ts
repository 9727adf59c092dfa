// Dates and times as people type them (SPEC sections 5 and 9): DD/MM/YYYY and 24-hour HH:mm,
// whatever language the browser runs in. Dates travel as 'YYYY-MM-DD', times as 'HH:mm'.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' as 'DD/MM/YYYY'; anything else as it is. */
export function dateToText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/**
 * A typed date as 'YYYY-MM-DD', or null when it is not a whole, real date. Day, month and year
 * may be separated by '/', '-', '.' or spaces ('5/12/2026', '05-12-2026'), or typed as eight
 * digits ('05122026'). 31/02 is no date.
 */
export function parseDateText(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || y < 1900) return null;
  const real = new Date(Date.UTC(y, mo - 1, d));
  if (real.getUTCDate() !== d || real.getUTCMonth() !== mo - 1) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/**
 * A typed time as 'HH:mm' (24 hours), or null. Accepts '17:30', '17.30', '17u30', '17h30',
 * '1730', '930' (09:30), and a lone hour ('9' is 09:00).
 */
export function parseTimeText(text: string): string | null {
  const t = text.trim().toLowerCase();
  const m = /^(\d{1,2})(?:[:.uh](\d{2}))?$/.exec(t) ?? /^(\d{1,2})(\d{2})$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = m[2] === undefined ? 0 : Number(m[2]);
  if (h > 23 || mi > 59) return null;
  return `${pad(h)}:${pad(mi)}`;
}

/** Whether a typed date is complete enough to be judged while typing (a full year). */
export const looksCompleteDate = (text: string) => /^\s*\d{1,2}[/.\- ]\d{1,2}[/.\- ]\d{4}\s*$|^\s*\d{8}\s*$/.test(text);
/** Whether a typed time is complete enough to be judged while typing (minutes given). */
export const looksCompleteTime = (text: string) => /^\s*\d{1,2}[:.uhUH]\d{2}\s*$|^\s*\d{4}\s*$/.test(text);
