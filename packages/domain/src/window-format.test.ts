import { describe, expect, it } from 'vitest';
import { windowSeconds } from './time-windows.ts';
import { formatDay, formatWindow, spansDays } from './window-format.ts';
import { zonedInstant } from './zoned-time.ts';

// A booked window reads the same everywhere, on the clock of its zone (issue 10, part 1).
const BXL = 'Europe/Brussels';
const s = (date: string, time: string, tz = BXL) => zonedInstant(date, time, tz).getTime() / 1000;

describe('a time window as people read it', () => {
  it('within one day: the day once, then the two times', () => {
    expect(formatWindow(s('2026-11-23', '17:00'), s('2026-11-23', '22:00'), BXL)).toBe('ma 23 nov, 17:00 – 22:00');
    expect(spansDays(s('2026-11-23', '00:00'), s('2026-11-23', '23:59'), BXL)).toBe(false);
    // 23:30 to 00:30 in Brussels is two days there, though one day in UTC.
    expect(spansDays(s('2026-11-23', '23:30'), s('2026-11-24', '00:30'), BXL)).toBe(true);
    expect(formatWindow(s('2026-11-24', '00:00'), s('2026-11-24', '23:59'), BXL)).toBe('di 24 nov, 00:00 – 23:59');
  });

  it('"this week" + "evening", booked on a Monday, reads from Monday to Sunday', () => {
    const w = windowSeconds({ day: 'this_week', time: 'evening' }, zonedInstant('2026-11-23', '09:00', BXL), BXL);
    expect(formatWindow(w.from, w.till, BXL)).toBe('ma 23 nov 17:00 – zo 29 nov 22:00');
    expect(spansDays(w.from, w.till, BXL)).toBe(true);
  });

  it('across months, and across a new year with the years named', () => {
    expect(formatWindow(s('2026-11-30', '08:00'), s('2026-12-02', '17:00'), BXL)).toBe('ma 30 nov 08:00 – wo 2 dec 17:00');
    expect(formatWindow(s('2026-12-31', '17:00'), s('2027-01-01', '22:00'), BXL)).toBe('do 31 dec 2026 17:00 – vr 1 jan 2027 22:00');
  });

  it('in the weeks of the DST changes, the wall-clock times stay as booked', () => {
    // Summer time starts on Sunday 29 March 2026, ends on Sunday 25 October 2026.
    expect(formatWindow(s('2026-03-23', '17:00'), s('2026-03-29', '22:00'), BXL)).toBe('ma 23 mrt 17:00 – zo 29 mrt 22:00');
    expect(formatWindow(s('2026-10-19', '08:00'), s('2026-10-25', '17:00'), BXL)).toBe('ma 19 okt 08:00 – zo 25 okt 17:00');
    expect(formatWindow(s('2026-10-25', '00:00'), s('2026-10-25', '23:59'), BXL)).toBe('zo 25 okt, 00:00 – 23:59');
  });

  it("uses the window's own zone, not the reader's", () => {
    const from = s('2026-11-23', '22:30', 'America/New_York'); // already the 24th in Brussels
    const till = s('2026-11-23', '23:30', 'America/New_York');
    expect(formatWindow(from, till, 'America/New_York')).toBe('ma 23 nov, 22:30 – 23:30');
    expect(formatWindow(from, till, BXL)).toBe('di 24 nov, 04:30 – 05:30');
  });

  it('speaks the language asked for (mails in French and English)', () => {
    expect(formatWindow(s('2026-11-23', '17:00'), s('2026-11-29', '22:00'), BXL, 'fr-BE')).toBe('lun. 23 nov. 17:00 – dim. 29 nov. 22:00');
    expect(formatWindow(s('2026-11-23', '17:00'), s('2026-11-29', '22:00'), BXL, 'en-GB')).toBe('Mon 23 Nov 17:00 – Sun 29 Nov 22:00');
    expect(formatDay(s('2026-11-23', '17:00'), BXL)).toBe('ma 23 nov');
  });
});
