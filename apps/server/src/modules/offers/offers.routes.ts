import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { OffersService } from './offers.service.ts';

type Options = { offers: OffersService };

/**
 * Drivers make, re-price and withdraw offers (the driver API: a driver's role; senders get 403);
 * a sender's change to a job lives here too, as it withdraws or keeps the open offers with it.
 */
export const offersRoutes: FastifyPluginAsyncZod<Options> = async (app, { offers }) => {
  // The body is checked after the ownership check (as the chat post's): another sender's job
  // answers 404 whatever the body. The contract's body schema documents it.
  const { body: _checkedLater, ...change } = fromContract(apiRoutes.changeShipment).schema;
  app.route({
    ...fromContract(apiRoutes.changeShipment),
    schema: change,
    handler: async (req) => offers.changeShipment(currentUser(req).userId, req.params.id, req.body, req.locale ?? 'nl'),
  });

  app.route({
    ...fromContract(apiRoutes.makeOffer),
    handler: async (req, reply) => reply.code(201).send(await offers.offer(currentUser(req).userId, req.params.id, req.body.price, req.body.vehicle_id)),
  });

  app.route({
    ...fromContract(apiRoutes.withdrawOffer),
    handler: async (req, reply) => {
      await offers.withdraw(currentUser(req).userId, req.params.id);
      return reply.code(204).send(null);
    },
  });
};
