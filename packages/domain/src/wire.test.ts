import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  fieldErrorsSchema,
  hasControlCharacters,
  lineText,
  MAX_ROW_ID,
  MAX_UNIX_SECONDS,
  MIN_UNIX_SECONDS,
  multilineText,
  pathIdSchema,
  rowIdSchema,
  unixSecondsSchema,
} from './wire.ts';

// The bounds every value on the wire keeps (issue 9).

describe('wire bounds', () => {
  it('takes row ids from 1 to 2^31-1, whole numbers only', () => {
    expect(rowIdSchema.safeParse(1).success).toBe(true);
    expect(rowIdSchema.safeParse(MAX_ROW_ID).success).toBe(true);
    for (const bad of [0, -1, MAX_ROW_ID + 1, 1.5, '1', undefined]) expect(rowIdSchema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('invalid_body');
    expect(MAX_ROW_ID).toBe(2_147_483_647);
    expect(pathIdSchema.parse('42')).toBe(42);
    expect(pathIdSchema.parse(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
    for (const bad of [String(2 ** 31), '0', '-3', '1.5', 'abc']) expect(pathIdSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses NUL and other control characters in one line of text, keeps newlines and tabs in multi-line text', () => {
    const line = lineText(10);
    expect(line.parse('  Hasselt ')).toBe('Hasselt');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007fb', 'a\u001bb']) expect(line.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('invalid_characters');
    expect(line.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too_long');
    expect(line.safeParse(undefined).error?.issues[0]?.message).toBe('required');
    const text = multilineText(40);
    expect(text.parse('Poort 2\nTweede verdieping\tlinks\r\n')).toBe('Poort 2\nTweede verdieping\tlinks');
    expect(text.safeParse('a\u0000b').error?.issues[0]?.message).toBe('invalid_characters');
    expect(text.safeParse('a\u000bb').error?.issues[0]?.message).toBe('invalid_characters');
    expect(text.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe('too_long');
    expect(text.safeParse(undefined).error?.issues[0]?.message).toBe('required');
    expect(text.safeParse(42).error?.issues[0]?.message).toBe('required');
    expect(hasControlCharacters('ok')).toBe(false);
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', true)).toBe(false);
  });

  it('takes times as whole unix seconds from 2020 to 2100', () => {
    expect(unixSecondsSchema.safeParse(MIN_UNIX_SECONDS).success).toBe(true);
    expect(unixSecondsSchema.safeParse(MAX_UNIX_SECONDS).success).toBe(true);
    for (const bad of [MIN_UNIX_SECONDS - 1, MAX_UNIX_SECONDS + 1, 1e15, -157_000_000_000, 1_800_000_000.5]) {
      expect(unixSecondsSchema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('date_invalid');
    }
    expect(unixSecondsSchema.safeParse(undefined).error?.issues[0]?.message).toBe('required');
  });

  it('answers errors in one of two shapes: field by field, or OAuth style', () => {
    expect(fieldErrorsSchema.parse([{ field: 'email', message: 'Verplicht' }])).toEqual([{ field: 'email', message: 'Verplicht' }]);
    expect(fieldErrorsSchema.safeParse([{ field: 'email' }]).success).toBe(false);
    expect(fieldErrorsSchema.safeParse([{ message: 'Verplicht' }]).success).toBe(false);
    expect(apiErrorSchema.parse({ error: 'not_found', error_description: 'shipment_not_found' })).toEqual({ error: 'not_found', error_description: 'shipment_not_found' });
    expect(apiErrorSchema.safeParse({ error: 'not_found' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ error_description: 'x' }).success).toBe(false);
  });
});
