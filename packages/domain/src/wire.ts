import { z } from 'zod';
import { MAX_ROW_ID } from './row-id.ts';

// The bounds every value on the wire keeps (issue 9): ids fit PostgreSQL's integer, text carries no
// control characters and has a maximum length, times are whole seconds within a sane range. Every
// request and response schema is built from these, so the server enforces them at the edge and the
// OpenAPI document and the fuzz suite see them.

export { MAX_ROW_ID };
/** An id in a JSON body (outside the range: 400 at the field). */
export const rowIdSchema = z.number({ error: 'invalid_body' }).int('invalid_body').min(1, 'invalid_body').max(MAX_ROW_ID, 'invalid_body');
/** An id in a path or query string (outside the range: the server answers 404 for a path id). */
export const pathIdSchema = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/** C0 controls and DEL: PostgreSQL refuses NUL, and no field of ours has a use for the others. */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text keeps tab, newline and carriage return. */
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const hasControlCharacters = (s: string, multiline = false): boolean => !(multiline ? MULTI_LINE : SINGLE_LINE).test(s);

/** One line of text (a name, a street): trimmed, at most `max` characters, no control characters. */
export const lineText = (max: number) => z.string({ error: 'required' }).trim().max(max, 'too_long').regex(SINGLE_LINE, 'invalid_characters');
/** Text that may have several lines (instructions, a chat message). */
export const multilineText = (max: number) => z.string({ error: 'required' }).trim().max(max, 'too_long').regex(MULTI_LINE, 'invalid_characters');

/** 2020-01-01 and 2100-01-01 in unix seconds: no time of this product lies outside. */
export const MIN_UNIX_SECONDS = 1_577_836_800;
export const MAX_UNIX_SECONDS = 4_102_444_800;
/** A moment as whole unix seconds within the range above. */
export const unixSecondsSchema = z
  .number({ error: 'required' })
  .int('date_invalid')
  .min(MIN_UNIX_SECONDS, 'date_invalid')
  .max(MAX_UNIX_SECONDS, 'date_invalid');

/** A new booking may start at most this far ahead (SPEC section 5 books days, not years). */
export const MAX_BOOKING_AHEAD_SECONDS = 366 * 24 * 3600;

/** A validation failure: 400 with one entry per field ("" for the whole body), in the caller's language. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const fieldErrorsSchema = z.array(fieldErrorSchema);
/** Every other error: OAuth style (docs/api.md, Errors). */
export const apiErrorSchema = z.object({ error: z.string(), error_description: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
