import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { DriverJobsService } from './driver-jobs.service.ts';

type Options = { driverJobs: DriverJobsService };

/** The driver API: the same OAuth tokens, a driver's role; senders get 403 here. */
export const driverJobsRoutes: FastifyPluginAsyncZod<Options> = async (app, { driverJobs }) => {
  app.route({
    ...fromContract(apiRoutes.driverShipments),
    handler: async (req) => {
      const me = currentUser(req).userId;
      return req.query.scope === 'open' ? driverJobs.listOpen(me, req.locale ?? 'nl') : driverJobs.listAssigned(me, req.locale ?? 'nl');
    },
  });

  app.route({ ...fromContract(apiRoutes.driverShipment), handler: async (req) => driverJobs.getJob(currentUser(req).userId, req.params.id, req.locale ?? 'nl') });

  app.route({ ...fromContract(apiRoutes.driverState), handler: async (req) => driverJobs.driverState(currentUser(req).userId, req.params.id, req.body.state, req.locale ?? 'nl', req.body) });

  app.route({
    ...fromContract(apiRoutes.driverLocation),
    handler: async (req, reply) => {
      await driverJobs.driverLocation(currentUser(req).userId, req.params.id, req.body);
      return reply.code(204).send(null);
    },
  });
};
