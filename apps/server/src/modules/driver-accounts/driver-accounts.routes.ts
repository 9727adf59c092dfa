import { apiRoutes, driverRegistrationSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { currentUser } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import type { DriverAccountsService } from './driver-accounts.service.ts';

type Options = { driverAccounts: DriverAccountsService; now: () => Date };

export const driverAccountsRoutes: FastifyPluginAsyncZod<Options> = async (app, { driverAccounts, now }) => {
  // The birthday rule (18 or older) is judged on the server's clock, as for a sender.
  const register = fromContract(apiRoutes.driverRegister);
  app.route({
    ...register,
    schema: { ...register.schema, body: driverRegistrationSchema(now) },
    handler: async (req, reply) => reply.code(201).send(await driverAccounts.register(req.body, req.locale ?? 'nl')),
  });

  app.route({ ...fromContract(apiRoutes.driverProfile), handler: async (req) => ({ profile: await driverAccounts.profile(currentUser(req).userId) }) });

  app.route({ ...fromContract(apiRoutes.acceptSelfBilling), handler: async (req) => ({ profile: await driverAccounts.acceptSelfBilling(currentUser(req).userId) }) });

  app.route({ ...fromContract(apiRoutes.driverVehicles), handler: async (req) => ({ vehicles: await driverAccounts.vehicles(currentUser(req).userId) }) });
  app.route({ ...fromContract(apiRoutes.addVehicle), handler: async (req, reply) => reply.code(201).send(await driverAccounts.addVehicle(currentUser(req).userId, req.body)) });
  app.route({ ...fromContract(apiRoutes.updateVehicle), handler: async (req) => driverAccounts.updateVehicle(currentUser(req).userId, req.params.id, req.body) });
  app.route({
    ...fromContract(apiRoutes.removeVehicle),
    handler: async (req, reply) => {
      await driverAccounts.removeVehicle(currentUser(req).userId, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({ ...fromContract(apiRoutes.driverDocuments), handler: async (req) => driverAccounts.documents(currentUser(req).userId) });
  app.route({
    ...fromContract(apiRoutes.uploadDocument),
    handler: async (req, reply) => {
      const { content, files } = await readContentAndFiles(req, 1);
      return reply.code(201).send(await driverAccounts.uploadDocument(currentUser(req).userId, content, files));
    },
  });
  app.route({
    ...fromContract(apiRoutes.documentFile),
    handler: async (req, reply) => {
      const file = await driverAccounts.documentFile(currentUser(req).userId, req.params.id);
      // Private: never kept by a shared cache, never guessed into another type by the browser.
      reply.header('content-type', file.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      return sendBytes(reply, file.data);
    },
  });

  app.route({ ...fromContract(apiRoutes.askVerification), handler: async (req) => ({ profile: await driverAccounts.askVerification(currentUser(req).userId) }) });
};
