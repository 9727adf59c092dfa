import { driverLocationSchema, driverOfferSchema, driverStateSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireDriver } from '../../lib/request-context.ts';
import { driverJobResponse } from './shipments.routes.ts';
import type { ShipmentsService } from './shipments.service.ts';

type Options = { shipments: ShipmentsService };

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The driver API: the same OAuth tokens, a driver's role; senders get 403 here. */
export const driverRoutes: FastifyPluginAsyncZod<Options> = async (app, { shipments }) => {
  app.get(
    '/api/driver/shipments',
    { onRequest: requireDriver, schema: { querystring: z.object({ scope: z.enum(['open', 'assigned']).default('open') }), response: { 200: z.array(driverJobResponse) } } },
    async (req) => {
      const me = currentUser(req).userId;
      return req.query.scope === 'open' ? shipments.listOpen(me) : shipments.listAssigned(me);
    },
  );

  app.get('/api/driver/shipment/:id', { onRequest: requireDriver, schema: { params: idParams, response: { 200: driverJobResponse } } }, async (req) =>
    shipments.getAssigned(currentUser(req).userId, req.params.id),
  );

  app.post(
    '/api/driver/shipment/:id/offer',
    { onRequest: requireDriver, schema: { params: idParams, body: driverOfferSchema, response: { 201: z.object({ id: z.number() }) } } },
    async (req, reply) => reply.code(201).send(await shipments.offer(currentUser(req).userId, req.params.id, req.body.price)),
  );

  app.delete('/api/driver/shipment/:id/offer', { onRequest: requireDriver, schema: { params: idParams } }, async (req, reply) => {
    await shipments.withdraw(currentUser(req).userId, req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/driver/shipment/:id/status',
    { onRequest: requireDriver, schema: { params: idParams, body: driverStateSchema, response: { 200: driverJobResponse } } },
    async (req) => shipments.driverState(currentUser(req).userId, req.params.id, req.body.state),
  );

  app.post('/api/driver/shipment/:id/location', { onRequest: requireDriver, schema: { params: idParams, body: driverLocationSchema } }, async (req, reply) => {
    await shipments.driverLocation(currentUser(req).userId, req.params.id, req.body.lat, req.body.lng);
    return reply.code(204).send();
  });
};
