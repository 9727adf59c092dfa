import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@vm/domain';
import { fromContract } from '../../lib/contract-route.ts';
import type { DriverAccountsService } from '../driver-accounts/driver-accounts.service.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import { accessDenied } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/request-context.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { runAdmin } from './admin-commands.ts';

type Options = { users: UsersService; driverAccounts: DriverAccountsService; staff: StaffService; audit: AuditService; proofs: Pick<ProofsService, 'checkNote'>; publicUrl: string; adminTokenHash: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The admin command runs inside the server (the embedded database has one process), reached by
 * `npm run admin` with the admin token: ADMIN_TOKEN, or the one the server wrote to DATA_DIR.
 */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (app, { users, driverAccounts, staff, audit, proofs, publicUrl, adminTokenHash }) => {
  app.route({
    ...fromContract(apiRoutes.adminCommand),
    onRequest: async (req) => {
      const token = bearerToken(req);
      if (!token || !safeEqual(sha256(token), adminTokenHash)) throw accessDenied();
    },
    handler: async (req) => runAdmin({ users, driverAccounts, staff, audit, proofs, publicUrl }, req.body.args),
  });
};

export const hashAdminToken = sha256;
