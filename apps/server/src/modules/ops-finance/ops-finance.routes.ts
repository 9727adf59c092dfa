import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentStaff } from '../../lib/request-context.ts';
import type { OpsFinanceService } from './ops-finance.service.ts';

/** Issue 23 part 2: /api/ops/invoice-requests, /api/ops/payouts, /api/ops/invoices (finance staff and admins, by the contract's roles). */
export const opsFinanceRoutes: FastifyPluginAsyncZod<{ opsFinance: OpsFinanceService }> = async (app, { opsFinance }) => {
  app.route({
    ...fromContract(apiRoutes.opsInvoiceRequests),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return opsFinance.invoiceRequests();
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsInvoiceDecision),
    handler: async (req) => opsFinance.decideInvoiceRequest(currentStaff(req).staffId, req.params.userId, { approve: req.body.approve, reason: req.body.reason ?? null }),
  });
  app.route({
    ...fromContract(apiRoutes.opsPayouts),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return opsFinance.payouts(req.query.status);
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsPayoutsRun),
    handler: async (req) => opsFinance.runPayouts(currentStaff(req).staffId),
  });
  app.route({
    ...fromContract(apiRoutes.opsInvoices),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return opsFinance.invoices(req.query.status);
    },
  });
};
