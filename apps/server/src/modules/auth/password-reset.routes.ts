import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { PasswordResetService } from './password-reset.service.ts';

type Options = { resets: PasswordResetService; perIpLimit: number };

export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (app, { resets, perIpLimit }) => {
  const rateLimit = { max: perIpLimit, timeWindow: 15 * 60 * 1000 };

  app.route({
    ...fromContract(apiRoutes.forgotPassword),
    config: { rateLimit },
    handler: async (req, reply) => {
      resets.request(req.body.email, req.locale);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract(apiRoutes.resetPassword),
    config: { rateLimit },
    handler: async (req, reply) => {
      await resets.reset(req.body.token, req.body.password);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract(apiRoutes.checkResetLink),
    // Asked on every opening of the reset page; a token cannot be guessed, so a looser limit.
    config: { rateLimit: { ...rateLimit, max: perIpLimit * 6 } },
    handler: async (req) => ({ status: await resets.check(req.body.token) }),
  });
};
