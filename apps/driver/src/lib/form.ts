import { ApiError } from '@vm/client/api-client.ts';
import type { z } from 'zod';

/** Message per field path ('driver.iban', 'payload_kg'): a catalogue key from a domain schema, or the server's sentence. */
export type FieldErrors = Record<string, string>;

/** The first issue of each path of a failed parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The server's 400 list as field errors (already in the chosen language). */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (err instanceof ApiError) for (const e of err.fieldErrors) errors[e.field] ??= e.message;
  return errors;
}

/** The sentence to show for an error that belongs to no field. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
