import { MAIL_KINDS, type MailKind, mailSettingsSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/request-context.ts';
import type { MailsService } from './mails.service.ts';

const settingsResponse = z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<MailKind, z.ZodBoolean>);

export const mailSettingsRoutes: FastifyPluginAsyncZod<{ mails: MailsService }> = async (app, { mails }) => {
  app.get('/api/user/mail-settings', { onRequest: requireUser, schema: { response: { 200: settingsResponse } } }, async (req) =>
    mails.settings(currentUser(req).userId),
  );

  // A partial body: only the kinds given change.
  app.put(
    '/api/user/mail-settings',
    { onRequest: requireUser, schema: { body: mailSettingsSchema.strict(), response: { 200: settingsResponse } } },
    async (req) => mails.updateSettings(currentUser(req).userId, req.body),
  );
};
