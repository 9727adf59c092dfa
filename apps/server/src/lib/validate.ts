import type { z } from 'zod';
import { ValidationFailed } from './errors.ts';

/** Parses a body with a domain schema; failures become the 400 field list. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new ValidationFailed(result.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })));
}
