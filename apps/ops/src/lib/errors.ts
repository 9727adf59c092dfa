import type { FieldError } from '@vm/domain';
import { ApiError } from '@vm/client/api-client.ts';

/** The server's sentence of a refusal (its own language), or null for a 400 with field errors. */
export function refusalText(err: unknown, fallback: string): string | null {
  if (!err) return null;
  if (err instanceof ApiError) {
    if (err.fieldErrors.length > 0) return null;
    return err.message || fallback;
  }
  // The browser's own refusal of a passkey (cancelled, timed out, no authenticator).
  return fallback;
}

/** A field's error of a 400, by field name. */
export function fieldErrorOf(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.fieldErrors.find((e: FieldError) => e.field === field)?.message : undefined;
}
