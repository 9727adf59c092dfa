import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@vm/client/api-client.ts';

export type FieldErrors = Record<string, string>;

/** The server's 400 list as field errors (its messages are already in Dutch). */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (err instanceof ApiError) for (const e of err.fieldErrors) errors[e.field] ??= e.message;
  return errors;
}

/**
 * The zod resolver for a form whose fields are not the wire body (a masked birthday, a flat
 * country): `toBody` builds the body from the fields, the domain schema checks it, and submit
 * receives the parsed body. Error paths are the body's (e.g. `address.formatted`), which is why
 * the result is retyped for the form's fields.
 */
export function bodyResolver<F extends FieldValues, I extends FieldValues, O>(schema: z.ZodType<O, I>, toBody: (fields: F) => I): Resolver<F, unknown, O> {
  const check = zodResolver(schema);
  return async (fields, context, options) => {
    // The form's field names are not the body's paths, so they are not passed on.
    const result = await check(toBody(fields), context, { criteriaMode: options.criteriaMode, fields: options.fields, shouldUseNativeValidation: options.shouldUseNativeValidation });
    return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as FormErrors<F> } : { values: result.values as O, errors: {} };
  };
}

/** The message at a body path (`address.formatted`, `exp_month`) of a bodyResolver form's errors. */
export function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
