import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { ChatService } from './chat.service.ts';

type Options = { chat: ChatService };

/**
 * The same three calls for both parties: senders under /api/conversation (SPEC section 7), drivers
 * under /api/driver/conversation like the rest of the driver API. Each role only on its own path.
 */
export const chatRoutes: FastifyPluginAsyncZod<Options> = async (app, { chat }) => {
  for (const routes of [
    { list: apiRoutes.conversations, get: apiRoutes.conversation, post: apiRoutes.sendMessage },
    { list: apiRoutes.driverConversations, get: apiRoutes.driverConversation, post: apiRoutes.driverSendMessage },
  ]) {
    app.route({ ...fromContract(routes.list), handler: async (req) => chat.list(currentUser(req).userId) });

    app.route({ ...fromContract(routes.get), handler: async (req) => chat.get(currentUser(req).userId, req.params.shipmentId) });

    // The body ({message}) is checked by the service after the ownership check: someone else's
    // shipment answers 404 whatever the body. The contract's body schema documents it.
    const { body: _checkedLater, ...post } = fromContract(routes.post).schema;
    app.route({
      ...fromContract(routes.post),
      schema: post,
      handler: async (req, reply) => reply.code(201).send(await chat.post(currentUser(req).userId, req.params.shipmentId, req.body)),
    });
  }
};
