import { apiRoutes, driverRegistrationSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
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
};
