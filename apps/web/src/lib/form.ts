import type { z } from 'zod';
import { ApiError } from './api-client.ts';

export type FieldErrors = Record<string, string>;

/** Runs a domain schema; answers the parsed body or the first message key per field. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const r = schema.safeParse(body);
  if (r.success) return { data: r.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** The server's 400 list as field errors (its messages are already in Dutch). */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (err instanceof ApiError) for (const e of err.fieldErrors) errors[e.field] ??= e.message;
  return errors;
}
