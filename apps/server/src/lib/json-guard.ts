import { ApiError, ValidationFailed } from './errors.ts';

// PostgreSQL refuses a NUL in text and jsonb; a request holding one is the client's mistake (400),
// found before anything reaches a query.

/** No body of ours nests deeper than a few levels; a deeper one is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

/**
 * The dotted path of the first string (or key) holding a NUL, or null. Iterative, so that hostile
 * nesting cannot overflow the stack; nesting beyond MAX_JSON_DEPTH is a 400 of its own.
 */
export function findNul(value: unknown): string | null {
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.');
      continue;
    }
    // Raw bytes (the payment webhook's signed body) are not text of ours.
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (path.length > MAX_JSON_DEPTH) throw new ApiError(400, 'invalid_request', 'invalid_body');
    for (const [key, child] of Object.entries(v)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
      stack.push({ v: child, path: [...path, key] });
    }
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
