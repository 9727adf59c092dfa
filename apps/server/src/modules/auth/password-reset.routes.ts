import { forgotPasswordSchema, resetPasswordSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordResetService } from './password-reset.service.ts';

type Options = { resets: PasswordResetService; perIpLimit: number };

export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (app, { resets, perIpLimit }) => {
  const rateLimit = { max: perIpLimit, timeWindow: 15 * 60 * 1000 };

  app.post('/api/password/forgot', { config: { rateLimit }, schema: { body: forgotPasswordSchema } }, async (req, reply) => {
    await resets.request(req.body.email, req.locale);
    return reply.code(204).send();
  });

  app.post('/api/password/reset', { config: { rateLimit }, schema: { body: resetPasswordSchema } }, async (req, reply) => {
    await resets.reset(req.body.token, req.body.password);
    return reply.code(204).send();
  });
};
