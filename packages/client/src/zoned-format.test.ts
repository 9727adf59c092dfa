import { describe, expect, it } from 'vitest';
import { clockTime, dayMonth, timeWindow } from './zoned-format.ts';

// 2026-11-23 07:00 UTC is 08:00 in Brussels (CET) and 02:00 in New York.
const at = (iso: string) => Date.parse(iso) / 1000;

describe('zoned formats', () => {
  it("shows day, month and time on the zone's clock", () => {
    expect(dayMonth(at('2026-11-23T07:00:00Z'), 'Europe/Brussels')).toBe('23/11');
    expect(clockTime(at('2026-11-23T07:00:00Z'), 'Europe/Brussels')).toBe('08:00');
    expect(clockTime(at('2026-11-23T07:00:00Z'), 'America/New_York')).toBe('02:00');
    expect(dayMonth(at('2026-11-23T23:30:00Z'), 'Europe/Brussels')).toBe('24/11');
  });

  it('writes a window within one day once, and a window over days as a range of dates', () => {
    expect(timeWindow(at('2026-11-23T07:00:00Z'), at('2026-11-23T16:00:00Z'), 'Europe/Brussels')).toBe('ma 23 nov, 08:00 – 17:00');
    expect(timeWindow(at('2026-11-24T08:00:00Z'), at('2026-11-25T16:00:00Z'), 'Europe/Brussels')).toBe('di 24 nov 09:00 – wo 25 nov 17:00');
    // "This week" + "evening", booked on Monday 23 November.
    expect(timeWindow(at('2026-11-23T16:00:00Z'), at('2026-11-29T21:00:00Z'), 'Europe/Brussels')).toBe('ma 23 nov 17:00 – zo 29 nov 22:00');
  });
});
