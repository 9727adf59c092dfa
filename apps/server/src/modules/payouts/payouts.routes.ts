import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PayoutProvider, PayoutWebhookSignatureError } from '../../adapters/payouts/payout-provider.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { fromContract } from '../../lib/contract-route.ts';
import type { PayoutsService } from './payouts.service.ts';

type Options = { payouts: PayoutsService; provider: PayoutProvider };

/**
 * Issue 22 part 6: the payout provider's webhook (Stripe Connect). Without a webhook secret there is
 * none (404) and payouts settle by the job asking the provider. As the payments webhook: the
 * signature covers the exact bytes, so this route keeps the raw body.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<Options> = async (app, { payouts, provider }) => {
  const parse = provider.parseWebhook?.bind(provider);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // The body is the provider's exact bytes (checked by signature), not the contract's JSON.
  const { schema: _body, ...webhook } = fromContract(apiRoutes.payoutWebhook);
  app.route({
    ...webhook,
    schema: { response: apiRoutes.payoutWebhook.response },
    handler: async (req, reply) => {
      if (!parse) throw notFound();
      let event;
      try {
        event = parse(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof PayoutWebhookSignatureError) throw new ApiError(400, 'invalid_signature', 'webhook_signature_invalid');
        throw err;
      }
      return reply.send({ received: true, result: await payouts.handleEvent(event) });
    },
  });
};
