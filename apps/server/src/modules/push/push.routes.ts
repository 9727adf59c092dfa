import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { PushService } from './push.service.ts';

// Issue 21 part 4: Web Push to drivers (docs/decisions/0028-web-push.md).
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.route({ ...fromContract(apiRoutes.pushKey), handler: async () => push.publicKey() });

  app.route({
    ...fromContract(apiRoutes.addPushSubscription),
    handler: async (req, reply) => {
      await push.subscribe(currentUser(req).userId, req.body);
      return reply.code(201).send(null);
    },
  });
  app.route({
    ...fromContract(apiRoutes.removePushSubscription),
    handler: async (req, reply) => {
      await push.unsubscribe(currentUser(req).userId, req.body.endpoint);
      return reply.code(204).send(null);
    },
  });

  app.route({ ...fromContract(apiRoutes.getPushSettings), handler: async (req) => push.settings(currentUser(req).userId) });
  // A partial body: only the kinds given change.
  app.route({ ...fromContract(apiRoutes.updatePushSettings), handler: async (req) => push.updateSettings(currentUser(req).userId, req.body) });
};
