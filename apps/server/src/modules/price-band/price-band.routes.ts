import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { PriceBandService } from './price-band.service.ts';

type Options = { priceBand: PriceBandService };

export const priceBandRoutes: FastifyPluginAsyncZod<Options> = async (app, { priceBand }) => {
  app.route({ ...fromContract(apiRoutes.priceBand), handler: async (req) => priceBand.band(req.query) });
};
