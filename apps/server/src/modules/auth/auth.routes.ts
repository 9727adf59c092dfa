import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { AuthService } from './auth.service.ts';

type Options = { auth: AuthService; perIpLimit: number; windowSeconds: number };

/** POST /oauth/access_token: JSON or form-encoded (RFC 6749 section 4). */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, perIpLimit, windowSeconds }) => {
  // The service parses the body itself (tokenRequestSchema), so that a bad one gets an OAuth error
  // rather than the field list; the contract's body schema documents it.
  const { body: _parsedByService, ...schema } = fromContract(apiRoutes.token).schema;
  app.route({
    ...fromContract(apiRoutes.token),
    schema,
    config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } },
    handler: async (req, reply) => {
      const tokens = await auth.grant(req.body);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return tokens;
    },
  });
};
