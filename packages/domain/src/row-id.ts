// Without zod, so that the web app's entry (lib/route-id.ts) can read it without loading zod.

/** Row ids are PostgreSQL `integer`s: 1 to 2^31-1. */
export const MAX_ROW_ID = 2 ** 31 - 1;
