import type { FieldError, MessageKey } from '@vm/domain';

// Errors a route may throw; the error handler (app.ts) turns them into the wire shapes of
// docs/api.md in the caller's language. Anything else becomes a 500 without details.

export type KeyedFieldError = { field: string; key: MessageKey | string };

/** 400 with a list of {field, message}. */
export class ValidationFailed extends Error {
  constructor(readonly errors: KeyedFieldError[]) {
    super('validation failed');
  }
}

/** An error answered as {error, error_description}. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly descriptionKey: MessageKey | string,
    readonly headers: Record<string, string> = {},
    /** More fields of the body (a card refusal's provider code and text, a re-priced offer). */
    readonly extra: Record<string, string | number> = {},
  ) {
    super(error);
  }
}

export const notFound = () => new ApiError(404, 'not_found', 'not_found');
export const accessDenied = () => new ApiError(401, 'access_denied', 'access_denied');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, 'too_many_requests', 'too_many_requests', { 'retry-after': String(retryAfterSeconds) });

export const fieldError = (field: string, key: MessageKey): ValidationFailed => new ValidationFailed([{ field, key }]);

export type { FieldError };

/**
 * 409 for an operation the job's state (or its money) does not allow now; the body carries the
 * state the job is in, so a client that lost a race knows where the job went.
 */
export const jobConflict = (descriptionKey: MessageKey | string, state: string) => new ApiError(409, 'conflict', descriptionKey, {}, { state });
