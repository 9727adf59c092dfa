import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { fieldError } from '../../lib/errors.ts';
import type { PhoneService } from './phone.service.ts';

type Options = { phone: PhoneService; captcha: Captcha; perIpLimit: number; windowSeconds: number };

export const phoneRoutes: FastifyPluginAsyncZod<Options> = async (app, { phone, captcha, perIpLimit, windowSeconds }) => {
  app.route({
    ...fromContract(apiRoutes.sendPhoneCode),
    config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } },
    handler: async (req) => {
      if (!(await captcha.verify(req.body.captcha_token, req.ip))) throw fieldError('captcha_token', 'invalid_body');
      return phone.send(req.body.cellphone);
    },
  });

  app.route({ ...fromContract(apiRoutes.checkPhoneCode), handler: async (req) => phone.check(req.body.cellphone, req.body.code) });
};
