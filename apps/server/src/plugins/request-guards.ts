import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../lib/errors.ts';
import { findNul, isPlainObject, rejectNul } from '../lib/json-guard.ts';

// The checks every request passes before any route sees it, so that no route can forget them:
// a JSON body is an object, and no text anywhere (body, query, path) holds a NUL. The route
// schemas bound everything else.

export function requestGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parseJson(req, body as string, (err, value) => {
      if (err) return done(err, undefined);
      try {
        rejectNul(value);
        done(null, value);
      } catch (e) {
        done(e as Error, undefined);
      }
    });
  });

  app.addHook('preValidation', async (req) => {
    if (findNul(req.params) !== null) throw notFound();
    rejectNul(req.query);
    // Form-encoded bodies (the token endpoint) come from their own parser.
    rejectNul(req.body);
    // A route with a body schema gets an object: Fastify does not validate a missing or null body.
    // Routes without one (the chat post, the token endpoint) check theirs after the ownership check.
    if (req.routeOptions.schema?.body && !isPlainObject(req.body)) throw new ApiError(400, 'invalid_request', 'invalid_body');
  });
}
