import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentStaff } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import type { AuditService } from './audit.service.ts';

/** GET /api/ops/audit: the audit log, newest first, and its export (admins only, by the contract's roles). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...fromContract(apiRoutes.opsAudit),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return audit.list(req.query);
    },
  });
  // Issue 23: the log for an auditor, as a download (CSV or JSON lines); the export is itself audited.
  app.route({
    ...fromContract(apiRoutes.opsAuditExport),
    handler: async (req, reply) => {
      const file = await audit.exportLog(currentStaff(req).staffId, req.query);
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${file.filename}"`);
      return sendBytes(reply, Buffer.from(file.body, 'utf8'));
    },
  });
};
