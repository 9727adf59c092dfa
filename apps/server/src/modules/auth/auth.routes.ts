import type { FastifyPluginAsync } from 'fastify';
import type { AuthService } from './auth.service.ts';

type Options = { auth: AuthService; perIpLimit: number; windowSeconds: number };

/** POST /oauth/access_token: JSON or form-encoded (RFC 6749 section 4). */
export const authRoutes: FastifyPluginAsync<Options> = async (app, { auth, perIpLimit, windowSeconds }) => {
  app.post(
    '/oauth/access_token',
    { config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } } },
    async (req, reply) => {
      const tokens = await auth.grant(req.body);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return tokens;
    },
  );
};
