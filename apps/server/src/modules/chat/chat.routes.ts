import { SHIPMENT_STATES } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireDriver, requireSender } from '../../lib/request-context.ts';
import { rowId } from '../../lib/validate.ts';
import type { ChatService } from './chat.service.ts';

type Options = { chat: ChatService };

const url = z.object({ url: z.string() });
const userSummary = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture: z.object({ image: z.object({ original: url, medium: url, thumb: url }) }).nullable(),
});
export const conversationResponse = z.object({
  shipment_id: z.number(),
  reference_id: z.string(),
  sender: userSummary.nullable(),
  driver: userSummary.nullable(),
  message_count: z.number(),
  unread_count: z.number(),
  current_state: z.object({ state: z.enum(SHIPMENT_STATES) }),
  last_message_time: z.number().nullable(),
});
export const messageResponse = z.object({ id: z.number(), from: z.number(), message: z.string(), created_at: z.number() });
const detailResponse = conversationResponse.extend({ messages: z.array(messageResponse), other_last_read_id: z.number().nullable() });

const params = z.object({ shipmentId: rowId });

/**
 * The same three calls for both parties: senders under /api/conversation (SPEC section 7), drivers
 * under /api/driver/conversation like the rest of the driver API. Each role only on its own path.
 */
export const chatRoutes: FastifyPluginAsyncZod<Options> = async (app, { chat }) => {
  for (const [base, guard] of [
    ['/api/conversation', requireSender],
    ['/api/driver/conversation', requireDriver],
  ] as const) {
    app.get(base, { onRequest: guard, schema: { response: { 200: z.array(conversationResponse) } } }, async (req) => chat.list(currentUser(req).userId));

    app.get(`${base}/:shipmentId`, { onRequest: guard, schema: { params, response: { 200: detailResponse } } }, async (req) =>
      chat.get(currentUser(req).userId, req.params.shipmentId),
    );

    // The body ({message}, chatMessageSchema) is checked by the service after the ownership check:
    // someone else's shipment answers 404 whatever the body.
    app.post(`${base}/:shipmentId`, { onRequest: guard, schema: { params, response: { 201: messageResponse } } }, async (req, reply) =>
      reply.code(201).send(await chat.post(currentUser(req).userId, req.params.shipmentId, req.body)),
    );
  }
};
