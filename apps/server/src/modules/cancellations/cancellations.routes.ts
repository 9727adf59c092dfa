import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { CancellationsService } from './cancellations.service.ts';

/** Issue 22 part 4: what cancelling costs the sender now, and a driver's giving an accepted job back (the sender's cancel is the SPEC's status call). */
export const cancellationsRoutes: FastifyPluginAsyncZod<{ cancellations: CancellationsService }> = async (app, { cancellations }) => {
  app.route({
    ...fromContract(apiRoutes.cancellationQuote),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return cancellations.quote(currentUser(req).userId, req.params.id);
    },
  });
  app.route({ ...fromContract(apiRoutes.driverCancel), handler: async (req) => cancellations.driverCancel(currentUser(req).userId, req.params.id, req.body.reason) });
};
