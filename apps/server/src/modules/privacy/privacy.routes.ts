import { apiRoutes } from '@vm/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/errors.ts';
import { bearerToken, currentUser } from '../../lib/request-context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PrivacyService } from './privacy.service.ts';

type Options = { privacy: PrivacyService; auth: AuthService; now: () => Date };

/** Issue 23 part 4: the signed-in user's data export and account deletion (decision 0035). */
export const privacyRoutes: FastifyPluginAsyncZod<Options> = async (app, { privacy, auth, now }) => {
  // A download is a link too, so ?access_token= stands in for the header (as for invoices).
  const { onRequest: _guardedBelow, ...exportRoute } = fromContract(apiRoutes.dataExport);
  app.route({
    ...exportRoute,
    handler: async (req, reply) => {
      let who = req.auth;
      if (!who && !bearerToken(req) && req.query.access_token) who = await auth.authenticate(req.query.access_token);
      if (!who || who.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
      const day = now().toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="vrachtmarkt-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      // A stream skips serialisation, as sendBytes' Buffer does (the contract types it for the OpenAPI document).
      return (reply as FastifyReply).send(privacy.exportZip(who.userId));
    },
  });
  app.route({
    ...fromContract(apiRoutes.deleteAccount),
    handler: async (req, reply) => {
      await privacy.deleteAccount(currentUser(req).userId, req.body);
      return reply.code(204).send(null);
    },
  });
};
