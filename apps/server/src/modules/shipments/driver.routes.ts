import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { ShipmentsService } from './shipments.service.ts';

type Options = { shipments: ShipmentsService };

/** The driver API: the same OAuth tokens, a driver's role; senders get 403 here. */
export const driverRoutes: FastifyPluginAsyncZod<Options> = async (app, { shipments }) => {
  app.route({
    ...fromContract(apiRoutes.driverShipments),
    handler: async (req) => {
      const me = currentUser(req).userId;
      return req.query.scope === 'open' ? shipments.listOpen(me) : shipments.listAssigned(me);
    },
  });

  app.route({ ...fromContract(apiRoutes.driverShipment), handler: async (req) => shipments.getAssigned(currentUser(req).userId, req.params.id) });

  app.route({
    ...fromContract(apiRoutes.makeOffer),
    handler: async (req, reply) => reply.code(201).send(await shipments.offer(currentUser(req).userId, req.params.id, req.body.price)),
  });

  app.route({
    ...fromContract(apiRoutes.withdrawOffer),
    handler: async (req, reply) => {
      await shipments.withdraw(currentUser(req).userId, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({ ...fromContract(apiRoutes.driverState), handler: async (req) => shipments.driverState(currentUser(req).userId, req.params.id, req.body.state) });

  app.route({
    ...fromContract(apiRoutes.driverLocation),
    handler: async (req, reply) => {
      await shipments.driverLocation(currentUser(req).userId, req.params.id, req.body.lat, req.body.lng);
      return reply.code(204).send(null);
    },
  });
};
