import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentStaff } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import type { DriverReviewService } from './driver-review.service.ts';

/** Issue 21 part 1: /api/ops/drivers, staff's verification of drivers (roles by the contract: support and admin). */
export const driverReviewRoutes: FastifyPluginAsyncZod<{ driverReview: DriverReviewService }> = async (app, { driverReview }) => {
  app.route({
    ...fromContract(apiRoutes.opsDrivers),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return driverReview.queue();
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsDriver),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return driverReview.view(currentStaff(req).staffId, req.params.id);
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsDriverDocumentFile),
    handler: async (req, reply) => {
      const file = await driverReview.documentFile(currentStaff(req).staffId, req.params.id, req.params.documentId);
      // Private: never kept by a cache, never guessed into another type, shown in the browser rather than saved.
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${file.kind}.${file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg'}"`);
      return sendBytes(reply, file.data);
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsDriverDecision),
    handler: async (req) => driverReview.decide(currentStaff(req).staffId, req.params.id, req.body),
  });
};
