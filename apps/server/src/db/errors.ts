// PostgreSQL error codes the repositories act on (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const UNIQUE_VIOLATION = '23505';

/** A unique index refused the row: the caller answers "taken" or "already done" instead of 500. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === UNIQUE_VIOLATION;
