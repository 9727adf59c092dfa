import { translate } from '@vm/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, ValidationFailed } from '../lib/errors.ts';

/**
 * Every error becomes one of the wire shapes of docs/api.md, in the caller's language: a field
 * list (400), {error, error_description} otherwise. A path that does not name a valid object is
 * 404 like a missing one. 5xx answers say nothing about the cause; the log has it.
 */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | ValidationFailed, req, reply) => {
    const locale = req.locale ?? 'nl';
    if (err instanceof ValidationFailed) {
      return reply.code(400).send(err.errors.map((e) => ({ field: e.field, message: translate(e.key, locale) })));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An id out of range (or not a number) in a path names no object: the same 404 as a missing one.
      if (err.validationContext === 'params') return reply.code(404).send({ error: 'not_found', error_description: translate('not_found', locale) });
      return reply.code(400).send(
        err.validation.map((v) => ({
          field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: translate(!v.message || v.message.includes(' ') ? 'invalid_body' : v.message, locale),
        })),
      );
    }
    if (err instanceof ApiError) {
      return reply.code(err.statusCode).headers(err.headers).send({ ...err.extra, error: err.error, error_description: translate(err.descriptionKey, locale) });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ error: 'server_error', error_description: translate('server_error', locale) });
    }
    // Fastify's own 4xx (bad JSON, too large body, wrong content type): say so without internals.
    const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_request';
    return reply.code(status).send({ error: code, error_description: translate(status === 413 ? 'file_too_large' : 'invalid_body', locale) });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: 'not_found', error_description: translate('not_found', req.locale ?? 'nl') });
  });
}
