import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import type { PayoutsService } from '../payouts/payouts.service.ts';
import type { SettlementService } from './settlement.service.ts';

type Options = { settlement: SettlementService; payouts: Pick<PayoutsService, 'payoutSetup'> };

/** Issue 22: a driver's earnings and weekly statements (their own jobs only: every query is by their id). */
export const settlementRoutes: FastifyPluginAsyncZod<Options> = async (app, { settlement, payouts }) => {
  app.route({
    ...fromContract(apiRoutes.driverEarnings),
    handler: async (req) => {
      const me = currentUser(req).userId;
      const [earnings, setup] = await Promise.all([settlement.driverEarnings(me), payouts.payoutSetup(me)]);
      return { ...earnings, payout_setup: setup };
    },
  });
  app.route({ ...fromContract(apiRoutes.driverStatements), handler: async (req) => settlement.driverStatements(currentUser(req).userId) });
  app.route({
    ...fromContract(apiRoutes.driverStatement),
    handler: async (req, reply) => {
      const { pdf, lang } = await settlement.statementPdf(currentUser(req).userId, req.params.week);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statement-${req.params.week}.pdf"`)
        .header('content-language', lang)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return sendBytes(reply, pdf);
    },
  });
};
