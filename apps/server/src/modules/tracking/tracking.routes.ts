import { SHIPMENT_STATES } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireSender } from '../../lib/request-context.ts';
import { rowId } from '../../lib/validate.ts';
import type { TrackingService } from './tracking.service.ts';

// The response schemas are the privacy boundary of the public page: a field not listed here
// never reaches a stranger, whatever the service returns.

const state = z.enum(SHIPMENT_STATES);
const side = z.object({
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  date_from: z.number(),
  date_till: z.number(),
  timezone: z.string(),
});
export const trackingViewResponse = z.object({
  state,
  states: z.array(z.object({ state, created_at: z.number() })),
  pickup: side,
  delivery: side,
  current_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  route: z.object({ points: z.string(), distance: z.number(), duration: z.number(), estimated: z.boolean() }),
  eta: z.object({ leg: z.enum(['pickup', 'delivery']), at: z.number(), estimated: z.boolean() }).nullable(),
});

const idParams = z.object({ id: rowId });
// Any text up to a bound: a malformed token is a 404 like an unknown one, not a 400.
const tokenParams = z.object({ token: z.string().max(200) });

type Options = { tracking: TrackingService; perIpLimit: number };

export const trackingRoutes: FastifyPluginAsyncZod<Options> = async (app, { tracking, perIpLimit }) => {
  app.post(
    '/api/shipment/:id/tracking',
    { onRequest: requireSender, schema: { params: idParams, response: { 201: z.object({ url: z.string(), token: z.string(), created_at: z.number() }) } } },
    async (req, reply) => reply.code(201).send(await tracking.create(currentUser(req).userId, req.params.id)),
  );

  app.get(
    '/api/shipment/:id/tracking',
    { onRequest: requireSender, schema: { params: idParams, response: { 200: z.object({ active: z.boolean(), created_at: z.number().nullable() }) } } },
    async (req) => tracking.status(currentUser(req).userId, req.params.id),
  );

  app.delete('/api/shipment/:id/tracking', { onRequest: requireSender, schema: { params: idParams } }, async (req, reply) => {
    await tracking.revoke(currentUser(req).userId, req.params.id);
    return reply.code(204).send();
  });

  // Public: no login. Limited per IP so tokens cannot be guessed at speed (they could not be anyway).
  app.get(
    '/api/tracking/:token',
    { config: { rateLimit: { max: perIpLimit, timeWindow: 60_000 } }, schema: { params: tokenParams, response: { 200: trackingViewResponse } } },
    async (req, reply) => {
      // A position changes; never serve a stale one from a cache on the way.
      reply.header('cache-control', 'no-store');
      return tracking.view(req.params.token);
    },
  );
};
