import { addCardSchema, sandboxCardSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { currentUser, requireSender } from '../../lib/request-context.ts';
import type { PaymentsService } from './payments.service.ts';

type Options = { payments: PaymentsService; provider: PaymentProvider };

const cards = z.array(z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }));

/** SPEC section 7, Billing. The first card is the one charged. */
export const billingRoutes: FastifyPluginAsyncZod<Options> = async (app, { payments, provider }) => {
  app.get('/api/billing/cards', { onRequest: requireSender, schema: { response: { 200: cards } } }, async (req) => payments.cards(currentUser(req).userId));

  app.post('/api/billing/addcard', { onRequest: requireSender, schema: { body: addCardSchema, response: { 200: cards } } }, async (req) =>
    payments.addCard(currentUser(req).userId, req.body.stripeToken),
  );

  app.post('/api/billing/deletecards', { onRequest: requireSender, schema: { response: { 200: cards } } }, async (req) => payments.deleteCards(currentUser(req).userId));

  // Test mode only: what Stripe.js does in the browser. Card details never reach a log or the database.
  if (provider.name === 'sandbox') {
    app.post('/api/billing/sandbox/token', { onRequest: requireSender, schema: { body: sandboxCardSchema, response: { 200: z.object({ id: z.string() }) } } }, async (req) => ({
      id: payments.sandboxToken(currentUser(req).userId, req.body),
    }));
  }
};
