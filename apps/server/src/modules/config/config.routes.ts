import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../env.ts';

const configResponse = z.object({
  facebook_app_id: z.string().nullable(),
  captcha: z.object({ provider: z.enum(['none', 'recaptcha']), site_key: z.string().nullable() }),
  sms_provider: z.string(),
});

/** GET /api/config: what the web app needs to know of the server's providers. No secrets. */
export const configRoutes: FastifyPluginAsync<{ config: AppConfig; smsProvider: string }> = async (app, { config, smsProvider }) => {
  app.get('/api/config', { schema: { response: { 200: configResponse } } }, async () => ({
    facebook_app_id: config.facebookAppId,
    captcha: { provider: config.captcha.provider, site_key: config.captcha.siteKey },
    sms_provider: smsProvider,
  }));
};
