import { phoneVerificationCheckSchema, phoneVerificationSendSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { fieldError } from '../../lib/errors.ts';
import { requireToken } from '../../lib/request-context.ts';
import type { PhoneService } from './phone.service.ts';

type Options = { phone: PhoneService; captcha: Captcha; perIpLimit: number; windowSeconds: number };

export const phoneRoutes: FastifyPluginAsyncZod<Options> = async (app, { phone, captcha, perIpLimit, windowSeconds }) => {
  app.post(
    '/api/phone/verification',
    {
      onRequest: requireToken,
      config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } },
      schema: {
        body: phoneVerificationSendSchema.extend({ captcha_token: z.string().max(4000).optional() }),
        response: { 200: z.object({ cellphone: z.string(), expires_in: z.number() }) },
      },
    },
    async (req) => {
      if (!(await captcha.verify(req.body.captcha_token, req.ip))) throw fieldError('captcha_token', 'invalid_body');
      return phone.send(req.body.cellphone);
    },
  );

  app.post(
    '/api/phone/verification/check',
    {
      onRequest: requireToken,
      schema: { body: phoneVerificationCheckSchema, response: { 200: z.object({ verification_token: z.string() }) } },
    },
    async (req) => phone.check(req.body.cellphone, req.body.code),
  );
};
