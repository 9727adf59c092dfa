import { apiRoutes, registerUserSchema, updateUserSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { SocialLoginService } from '../social-login/social-login.service.ts';
import type { UsersService } from './users.service.ts';

type Options = { users: UsersService; social: Pick<SocialLoginService, 'register'>; now: () => Date };

export const usersRoutes: FastifyPluginAsyncZod<Options> = async (app, { users, social, now }) => {
  // The birthday rules (18 or older) are judged on the server's clock (tests set their own).
  const register = fromContract(apiRoutes.register);
  app.route({
    ...register,
    schema: { ...register.schema, body: registerUserSchema(now) },
    handler: async (req, reply) => {
      // The request's language becomes the language of the user's mails.
      // With a social login's ticket the identity is linked and its picture becomes the profile picture.
      const created = req.body.social_ticket ? await social.register(req.body, req.locale) : await users.register(req.body, req.locale);
      return reply.code(201).send(created);
    },
  });

  app.route({ ...fromContract(apiRoutes.getUser), handler: async (req) => users.get(currentUser(req).userId) });

  const update = fromContract(apiRoutes.updateUser);
  app.route({ ...update, schema: { ...update.schema, body: updateUserSchema(now) }, handler: async (req) => users.update(currentUser(req).userId, req.body) });

  app.route({ ...fromContract(apiRoutes.setUserLocale), handler: async (req) => users.setLocale(currentUser(req).userId, req.body.locale) });

  // SPEC section 4: the invoice payment toggle; approval is an admin's (npm run admin -- invoice approve).
  app.route({ ...fromContract(apiRoutes.invoiceAction), handler: async (req) => users.invoiceAction(currentUser(req).userId, req.body.action) });
};
