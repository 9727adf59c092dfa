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

  it('takes the whole text as the date, not a date inside it', () => {
    for (const text of ['105/12/2026', '05/12/20261', 'op 05/12/2026', '05/12/2026 om 9u', '105122026', '051220261']) expect(parseDateText(text), text).toBeNull();
    expect(dateToText('x2026-12-05')).toBe('x2026-12-05');
    expect(dateToText('2026-12-05T10:00')).toBe('2026-12-05T10:00');
  });

  it('refuses day 0, month 0 or 13 and years before 1900; the first day, month and year allowed are dates', () => {
    for (const text of ['00/12/2026', '05/00/2026', '05/13/2026', '31/12/1899']) expect(parseDateText(text), text).toBeNull();
    expect(parseDateText('01/01/1900')).toBe('1900-01-01');
    expect(parseDateText('31/04/2026')).toBeNull();
    expect(parseDateText('30/04/2026')).toBe('2026-04-30');
  });

  it('tells when a date is typed out far enough to judge', () => {
    expect(looksCompleteDate('05/12/202')).toBe(false);
    expect(looksCompleteDate('05/12/2026')).toBe(true);
    expect(looksCompleteDate(' 5.12.2026 ')).toBe(true);
    expect(looksCompleteDate('05122026')).toBe(true);
    expect(looksCompleteDate(' 05122026 ')).toBe(true);
    for (const text of ['x05/12/2026', '05/12/2026x', '0512202', 'x05122026', '05122026x', 'ab/cd/efgh', 'abcdefgh']) expect(looksCompleteDate(text), text).toBe(false);
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

  it('reads the Dutch and French hour letters in capitals too, and takes the whole text as the time', () => {
    expect(parseTimeText('17U30')).toBe('17:30');
    expect(parseTimeText(' 17:30 ')).toBe('17:30');
    expect(parseTimeText('17H30')).toBe('17:30');
    for (const text of ['12345', 'om 17:30', '17:30u']) expect(parseTimeText(text), text).toBeNull();
  });

  it('tells when a time is typed out far enough to judge', () => {
    expect(looksCompleteTime('173')).toBe(false);
    expect(looksCompleteTime('1730')).toBe(true);
    expect(looksCompleteTime('17:30')).toBe(true);
    expect(looksCompleteTime(' 9u30 ')).toBe(true);
    expect(looksCompleteTime(' 1730 ')).toBe(true);
    for (const text of ['x17:30', '17:30x', 'x1730', '1730x', '17:3', 'ab:cd', 'abcd']) expect(looksCompleteTime(text), text).toBe(false);
  });
});
