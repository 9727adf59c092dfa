import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@vm/domain';
import { fromContract } from '../../lib/contract-route.ts';
import { accessDenied } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/request-context.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { type AdminDeps, runAdmin } from './admin-commands.ts';

type Options = { deps: AdminDeps; adminTokenHash: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The admin command runs inside the server (the embedded database has one process), reached by
 * `npm run admin` with the admin token: ADMIN_TOKEN, or the one the server wrote to DATA_DIR.
 */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, adminTokenHash }) => {
  app.route({
    ...fromContract(apiRoutes.adminCommand),
    onRequest: async (req) => {
      const token = bearerToken(req);
      if (!token || !safeEqual(sha256(token), adminTokenHash)) throw accessDenied();
    },
    handler: async (req) => runAdmin(deps, req.body.args),
  });
};

export const hashAdminToken = sha256;
