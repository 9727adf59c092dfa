import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { SupportService } from './support.service.ts';

type Options = { support: SupportService; perIpLimit: number };

export const supportRoutes: FastifyPluginAsyncZod<Options> = async (app, { support, perIpLimit }) => {
  app.route({
    ...fromContract(apiRoutes.supportContact),
    // Per address here, per user (or given mail address) in the service: an open form invites abuse.
    config: { rateLimit: { max: perIpLimit, timeWindow: 60 * 60 * 1000 } },
    handler: async (req, reply) => {
      const created = await support.contact({ userId: req.auth?.userId ?? null, locale: req.locale }, req.body);
      return reply.code(201).send(created);
    },
  });
};
