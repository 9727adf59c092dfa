import { invoiceActionSchema, registerUserSchema, updateUserSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireSender, requireToken, requireUser } from '../../lib/request-context.ts';
import type { UsersService } from './users.service.ts';

const imageUrl = z.object({ url: z.string() });
export const userResponse = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cellphone: z.string(),
  birthday: z.string(),
  address: z.object({ country: z.string(), formatted: z.string() }),
  profile_picture: z.object({ image: z.object({ original: imageUrl, medium: imageUrl, thumb: imageUrl }) }).nullable(),
  company: z
    .object({
      name: z.string(),
      vat: z.string(),
      address: z.string(),
      email: z.string(),
      invoice_approved: z.enum(['requested', 'approved', 'rejected']).nullable(),
    })
    .nullable(),
  roles: z.array(z.string()),
});

type Options = { users: UsersService; now: () => Date };

export const usersRoutes: FastifyPluginAsyncZod<Options> = async (app, { users, now }) => {
  app.post(
    '/api/user',
    { onRequest: requireToken, schema: { body: registerUserSchema(now), response: { 201: z.object({ id: z.number() }) } } },
    async (req, reply) => {
      // The request's language becomes the language of the user's mails.
      const created = await users.register(req.body, req.locale);
      return reply.code(201).send(created);
    },
  );

  app.get('/api/user', { onRequest: requireUser, schema: { response: { 200: userResponse } } }, async (req) =>
    users.get(currentUser(req).userId),
  );

  app.put(
    '/api/user',
    { onRequest: requireUser, schema: { body: updateUserSchema(now), response: { 200: userResponse } } },
    async (req) => users.update(currentUser(req).userId, req.body),
  );

  // SPEC section 4: the invoice payment toggle; approval is an admin's (npm run admin -- invoice approve).
  app.post(
    '/api/user/invoice',
    { onRequest: requireSender, schema: { body: invoiceActionSchema, response: { 200: userResponse } } },
    async (req) => users.invoiceAction(currentUser(req).userId, req.body.action),
  );
};
