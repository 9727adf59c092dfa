import { ApiError, ValidationFailed } from './errors.ts';

// PostgreSQL refuses a NUL in text and jsonb; a request holding one is the client's mistake (400),
// found before anything reaches a query.

/** The dotted path of the first string holding a NUL, or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNul(v, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Throws the 400 that names the first field holding a NUL. */
export function rejectNul(value: unknown): void {
  const field = findNul(value);
  if (field !== null) throw new ValidationFailed([{ field, key: 'invalid_characters' }]);
}

/** A parsed JSON document that must be an object (a multipart `content` field), without NUL characters. */
export function checkJsonObject(value: unknown): void {
  if (!isPlainObject(value)) throw new ApiError(400, 'invalid_request', 'invalid_body');
  rejectNul(value);
}
