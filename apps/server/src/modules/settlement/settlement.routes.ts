import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { SettlementService } from './settlement.service.ts';

type Options = { settlement: SettlementService };

/** Issue 22: a driver's earnings (their own accepted jobs only: the query is by their id). */
export const settlementRoutes: FastifyPluginAsyncZod<Options> = async (app, { settlement }) => {
  app.route({ ...fromContract(apiRoutes.driverEarnings), handler: async (req) => settlement.driverEarnings(currentUser(req).userId) });
};
