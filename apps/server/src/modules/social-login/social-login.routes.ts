import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { Auth } from '../../lib/request-context.ts';
import type { SocialLoginService } from './social-login.service.ts';

/** The client whose token came with the call (the contract's 'token' guard ran): it gets the user's tokens. */
const clientOf = (auth: Auth | null) => auth!.clientId;

type Options = { social: SocialLoginService; perIpLimit: number; windowSeconds: number };

/** Social and identity login (docs/decisions/0018-social-login.md). */
export const socialLoginRoutes: FastifyPluginAsyncZod<Options> = async (app, { social, perIpLimit, windowSeconds }) => {
  const rateLimit = { max: perIpLimit, timeWindow: windowSeconds * 1000 };
  // Nothing here may be cached: each answer is one person's flow.
  const noStore = { 'cache-control': 'no-store' };

  app.route({
    ...fromContract(apiRoutes.socialStart),
    config: { rateLimit },
    handler: async (req, reply) => reply.headers(noStore).redirect(await social.start(req.params.provider, req.query.redirect), 302),
  });

  app.route({
    ...fromContract(apiRoutes.socialCallback),
    config: { rateLimit },
    handler: async (req, reply) => {
      const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply.headers(noStore).redirect(await social.callback(req.params.provider, req.query, raw), 302);
    },
  });

  app.route({
    ...fromContract(apiRoutes.socialTicket),
    config: { rateLimit },
    handler: async (req, reply) => reply.headers(noStore).send(await social.useTicket(req.body.ticket, clientOf(req.auth))),
  });

  // Password guesses count like the token endpoint's: per address here, per email in checkPassword.
  app.route({
    ...fromContract(apiRoutes.socialLink),
    config: { rateLimit },
    handler: async (req, reply) => reply.headers(noStore).send(await social.link(req.body.ticket, clientOf(req.auth), req.body.password)),
  });
};
