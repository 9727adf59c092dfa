import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { PaymentsService } from './payments.service.ts';

type Options = { payments: PaymentsService; provider: PaymentProvider };

/** SPEC section 7, Billing. The first card is the one charged. */
export const billingRoutes: FastifyPluginAsyncZod<Options> = async (app, { payments, provider }) => {
  app.route({ ...fromContract(apiRoutes.cards), handler: async (req) => payments.cards(currentUser(req).userId) });

  app.route({ ...fromContract(apiRoutes.addCard), handler: async (req) => payments.addCard(currentUser(req).userId, req.body.stripeToken) });

  app.route({ ...fromContract(apiRoutes.deleteCards), handler: async (req) => payments.deleteCards(currentUser(req).userId) });

  // Test mode only: what Stripe.js does in the browser. Card details never reach a log or the database.
  if (provider.name === 'sandbox') {
    app.route({ ...fromContract(apiRoutes.sandboxCardToken), handler: async (req) => ({ id: await payments.sandboxToken(currentUser(req).userId, req.body) }) });
  }
};
