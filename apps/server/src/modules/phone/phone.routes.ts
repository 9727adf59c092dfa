import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Captcha, CaptchaUnavailable } from '../../adapters/captcha/captcha.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError, fieldError } from '../../lib/errors.ts';
import type { PhoneService } from './phone.service.ts';

type Options = { phone: PhoneService; captcha: Captcha; perIpLimit: number; windowSeconds: number };

export const phoneRoutes: FastifyPluginAsyncZod<Options> = async (app, { phone, captcha, perIpLimit, windowSeconds }) => {
  app.route({
    ...fromContract(apiRoutes.sendPhoneCode),
    config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } },
    handler: async (req) => {
      // With a provider configured, no code goes out without a valid token (the token and secret are never logged).
      if (captcha.enabled) {
        let valid: boolean;
        try {
          valid = await captcha.verify(req.body.captcha_token, req.ip);
        } catch (err) {
          if (!(err instanceof CaptchaUnavailable)) throw err;
          req.log.warn({ provider: captcha.provider, reason: err.reason }, 'captcha provider unavailable');
          throw new ApiError(503, 'captcha_unavailable', 'captcha_unavailable', { 'retry-after': '30' });
        }
        if (!valid) throw fieldError('captcha_token', 'captcha_failed');
      }
      return phone.send(req.body.cellphone, req.locale);
    },
  });

  app.route({ ...fromContract(apiRoutes.checkPhoneCode), handler: async (req) => phone.check(req.body.cellphone, req.body.code) });
};
