import { describe, expect, it } from 'vitest';
import { dateToText, looksCompleteDate, looksCompleteTime, parseDateText, parseTimeText } from './date-text.ts';

// SPEC sections 5 and 9: dates DD/MM/YYYY, times 24-hour HH:mm without seconds.
describe('typed dates', () => {
  it('reads DD/MM/YYYY and its usual variants', () => {
    expect(parseDateText('05/12/2026')).toBe('2026-12-05');
    expect(parseDateText(' 5/12/2026 ')).toBe('2026-12-05');
    expect(parseDateText('05-12-2026')).toBe('2026-12-05');
    expect(parseDateText('05.12.2026')).toBe('2026-12-05');
    expect(parseDateText('05122026')).toBe('2026-12-05');
    expect(dateToText('2026-12-05')).toBe('05/12/2026');
  });

  it('refuses what is no date: day and month swapped past 12, 31 February, a short year, words', () => {
    expect(parseDateText('12/31/2026')).toBeNull();
    expect(parseDateText('31/02/2026')).toBeNull();
    expect(parseDateText('29/02/2027')).toBeNull();
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
    expect(parseDateText('05/12/26')).toBeNull();
    expect(parseDateText('morgen')).toBeNull();
    expect(parseDateText('')).toBeNull();
  });

  it('tells when a date is typed out far enough to judge', () => {
    expect(looksCompleteDate('05/12/202')).toBe(false);
    expect(looksCompleteDate('05/12/2026')).toBe(true);
  });
});

describe('typed times', () => {
  it('reads 24-hour times, also without the colon', () => {
    expect(parseTimeText('17:30')).toBe('17:30');
    expect(parseTimeText('1730')).toBe('17:30');
    expect(parseTimeText('930')).toBe('09:30');
    expect(parseTimeText('9')).toBe('09:00');
    expect(parseTimeText('17u30')).toBe('17:30');
    expect(parseTimeText('17.30')).toBe('17:30');
    expect(parseTimeText('00:00')).toBe('00:00');
    expect(parseTimeText('23:59')).toBe('23:59');
  });

  it('refuses 24:00, 60 minutes, seconds and a 12-hour clock', () => {
    expect(parseTimeText('24:00')).toBeNull();
    expect(parseTimeText('12:60')).toBeNull();
    expect(parseTimeText('17:30:00')).toBeNull();
    expect(parseTimeText('5:30 PM')).toBeNull();
    expect(parseTimeText('')).toBeNull();
  });

  it('tells when a time is typed out far enough to judge', () => {
    expect(looksCompleteTime('173')).toBe(false);
    expect(looksCompleteTime('1730')).toBe(true);
    expect(looksCompleteTime('17:30')).toBe(true);
  });
});
