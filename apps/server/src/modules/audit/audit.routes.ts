import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { AuditService } from './audit.service.ts';

/** GET /api/ops/audit: the audit log, newest first (admins only, by the contract's roles). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...fromContract(apiRoutes.opsAudit),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return audit.list(req.query);
    },
  });
};
