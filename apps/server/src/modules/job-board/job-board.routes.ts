import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { JobBoardService } from './job-board.service.ts';

type Options = { jobBoard: JobBoardService };

/** Issue 21: the drivers' job board (GET /api/driver/board, a driver's token). */
export const jobBoardRoutes: FastifyPluginAsyncZod<Options> = async (app, { jobBoard }) => {
  app.route({ ...fromContract(apiRoutes.driverBoard), handler: async (req) => jobBoard.board(currentUser(req).userId, req.query, req.locale ?? 'nl') });
};
