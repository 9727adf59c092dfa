import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { ApiError, notFound } from '../lib/errors.ts';
import { findNul, isPlainObject, rejectNul } from '../lib/json-guard.ts';

// The checks every request passes before any route sees it, so that no route can forget them:
// a JSON body is an object, and no text anywhere (body, query, path) holds a NUL. The route
// schemas bound everything else.

export function requestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (findNul(req.params) !== null) throw notFound();
    rejectNul(req.query);
    // JSON and form bodies alike, whichever parser read them (multipart content: lib/multipart.ts).
    rejectNul(req.body);
    // A route with a body schema gets an object: Fastify does not validate a missing or null body.
    // Only an optional body (the accept's confirmed price) may be left out altogether.
    // Routes without one (the chat post, the token endpoint) check theirs after the ownership check.
    const body = req.routeOptions.schema?.body as ZodType | undefined;
    if (body && !isPlainObject(req.body) && !(req.body == null && mayBeLeftOut(body))) throw new ApiError(400, 'invalid_request', 'invalid_body');
  });
}

/** A body schema that is optional or nullable at its top (read from its definition: running it on null may throw). */
const mayBeLeftOut = (schema: ZodType) => schema.def.type === 'optional' || schema.def.type === 'nullable';
