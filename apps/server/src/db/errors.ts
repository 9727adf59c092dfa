// PostgreSQL error codes the repositories act on (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const UNIQUE_VIOLATION = '23505';

/** A unique index refused the row: the caller answers "taken" or "already done" instead of 500. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === UNIQUE_VIOLATION;

// Two transactions that each waited on the other (PostgreSQL ended one), or a serializable
// transaction that lost a conflict: nothing of it was written, so running it again is safe.
const RETRYABLE = new Set(['40P01', '40001']);
export const isRetryableConflict = (err: unknown) => RETRYABLE.has((err as { code?: string } | null)?.code ?? '');
