import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { MailsService } from './mails.service.ts';

export const mailSettingsRoutes: FastifyPluginAsyncZod<{ mails: MailsService }> = async (app, { mails }) => {
  app.route({ ...fromContract(apiRoutes.getMailSettings), handler: async (req) => mails.settings(currentUser(req).userId) });

  // A partial body: only the kinds given change.
  app.route({ ...fromContract(apiRoutes.updateMailSettings), handler: async (req) => mails.updateSettings(currentUser(req).userId, req.body) });
};
