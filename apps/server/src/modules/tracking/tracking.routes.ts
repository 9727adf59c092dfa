import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { TrackingService } from './tracking.service.ts';

// The public view's response schema (trackingViewSchema) is the privacy boundary of the public
// page: a field not listed there never reaches a stranger, whatever the service returns.

type Options = { tracking: TrackingService; perIpLimit: number };

export const trackingRoutes: FastifyPluginAsyncZod<Options> = async (app, { tracking, perIpLimit }) => {
  app.route({
    ...fromContract(apiRoutes.createTrackingLink),
    handler: async (req, reply) => reply.code(201).send(await tracking.create(currentUser(req).userId, req.params.id)),
  });

  app.route({ ...fromContract(apiRoutes.trackingLinkStatus), handler: async (req) => tracking.status(currentUser(req).userId, req.params.id) });

  app.route({
    ...fromContract(apiRoutes.revokeTrackingLink),
    handler: async (req, reply) => {
      await tracking.revoke(currentUser(req).userId, req.params.id);
      return reply.code(204).send(null);
    },
  });

  // Public: no login. Limited per IP so tokens cannot be guessed at speed (they could not be anyway).
  app.route({
    ...fromContract(apiRoutes.tracking),
    config: { rateLimit: { max: perIpLimit, timeWindow: 60_000 } },
    handler: async (req, reply) => {
      // A position changes; never serve a stale one from a cache on the way.
      reply.header('cache-control', 'no-store');
      // Place names in the reader's language where both exist (Bruxelles for a French reader).
      return tracking.view(req.params.token, req.locale ?? 'nl');
    },
  });
};
