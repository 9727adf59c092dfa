import { describe, expect, it } from 'vitest';
import { addDays, localParts, minutesOf, timeOf, weekdayOf, zonedInstant } from './zoned-time.ts';

// The pickup's own time zone decides the wall clock (SPEC sections 4 and 5); a pickup abroad or a
// zone with a half-hour offset must come out right too.
const iso = (d: Date) => d.toISOString();

describe('wall clock in any zone', () => {
  it('maps a wall-clock time to the instant, also for half-hour and negative offsets', () => {
    expect(iso(zonedInstant('2026-11-23', '09:00', 'Asia/Kolkata'))).toBe('2026-11-23T03:30:00.000Z');
    expect(iso(zonedInstant('2026-11-23', '09:00', 'America/New_York'))).toBe('2026-11-23T14:00:00.000Z');
    expect(iso(zonedInstant('2026-11-23', '09:00', 'UTC'))).toBe('2026-11-23T09:00:00.000Z');
  });

  it('moves a time skipped in spring forward, and takes the first of a time that happens twice', () => {
    expect(iso(zonedInstant('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    // Sydney changes in the other half of the year.
    expect(iso(zonedInstant('2026-10-04', '02:30', 'Australia/Sydney'))).toBe('2026-10-03T16:30:00.000Z');
    expect(iso(zonedInstant('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  it('reads the date, time and ISO weekday of an instant in a zone', () => {
    expect(localParts(new Date('2026-11-22T23:30:00Z'), 'Europe/Brussels')).toEqual({ date: '2026-11-23', time: '00:30', weekday: 1 });
    expect(localParts(new Date('2026-11-23T00:00:30Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-23', time: '05:30', weekday: 1 });
    expect(localParts(new Date('2026-11-29T12:00:00Z'), 'America/New_York')).toEqual({ date: '2026-11-29', time: '07:00', weekday: 7 });
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years, and counts weekdays from Monday 1 to Sunday 7', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('converts HH:MM to minutes of the day and back', () => {
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('08:05')).toBe(485);
    expect(timeOf(0)).toBe('00:00');
    expect(timeOf(605)).toBe('10:05');
    expect(timeOf(1439)).toBe('23:59');
  });
});
