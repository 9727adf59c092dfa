import { randomBytes } from 'node:crypto';
import { apiRoutes, formatEuro, type Locale } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError, type PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox-payment-provider.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { PaymentsService } from './payments.service.ts';

type Options = { payments: PaymentsService; provider: PaymentProvider };

export const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { payments, provider }) => {
  app.route({ ...fromContract(apiRoutes.acceptOffer), handler: async (req) => payments.accept(currentUser(req).userId, req.params.sid, req.params.oid, req.body ?? {}, req.locale ?? 'nl') });

  app.route({
    ...fromContract(apiRoutes.startBancontact),
    handler: async (req) => payments.startBancontact(currentUser(req).userId, req.params.sid, req.params.oid, req.body.return_path, req.body),
  });

  app.route({ ...fromContract(apiRoutes.paymentReceipt), handler: async (req) => payments.receipt(currentUser(req).userId, req.params.id, req.locale ?? 'nl') });

  app.route({ ...fromContract(apiRoutes.confirmPayment), handler: async (req) => payments.confirm(currentUser(req).userId, req.params.id, req.locale ?? 'nl') });

  app.route({ ...fromContract(apiRoutes.waitingPayment), handler: async (req) => ({ payment: await payments.waiting(currentUser(req).userId, req.params.id) }) });
  app.route({ ...fromContract(apiRoutes.resumePayment), handler: async (req) => payments.resume(currentUser(req).userId, req.params.id) });
  app.route({ ...fromContract(apiRoutes.stopPayment), handler: async (req) => payments.stop(currentUser(req).userId, req.params.id, req.locale ?? 'nl') });

  // The provider's webhook: the signature covers the exact bytes, so this route keeps the raw body.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // The body is the provider's exact bytes (checked by signature), not the contract's JSON.
    const { schema: _body, ...webhook } = fromContract(apiRoutes.paymentWebhook);
    raw.route({ ...webhook, schema: { response: apiRoutes.paymentWebhook.response }, handler: async (req, reply) => {
      let event;
      try {
        event = provider.parseWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new ApiError(400, 'invalid_signature', 'webhook_signature_invalid');
        throw err;
      }
      const result = await payments.handleEvent(event);
      return reply.send({ received: true, result });
    } });
  });

  if (provider.name === 'sandbox') await app.register(sandboxBancontactPages, { payments, provider: provider as SandboxPaymentProvider });
};

/**
 * The sandbox Bancontact page's words. A Belgian bank page: French for a French reader
 * (Accept-Language), Dutch for everyone else, never English.
 */
type PageLang = 'nl' | 'fr';
const SANDBOX_PAGE: Record<PageLang, { lang: string; title: string; badge: string; toPay: string; alreadyApproved: string; alreadyDeclined: string; back: string; approve: string; decline: string }> = {
  nl: {
    lang: 'nl',
    title: 'Bancontact (testmodus) · Vrachtmarkt',
    badge: 'TESTMODUS: er wordt geen geld afgeschreven',
    toPay: 'Te betalen:',
    alreadyApproved: 'Deze betaling is al goedgekeurd.',
    alreadyDeclined: 'Deze betaling is al geweigerd.',
    back: 'Terug naar Vrachtmarkt',
    approve: 'Betaling goedkeuren',
    decline: 'Betaling weigeren',
  },
  fr: {
    lang: 'fr',
    title: 'Bancontact (mode test) · Vrachtmarkt',
    badge: 'MODE TEST : aucun argent n’est débité',
    toPay: 'À payer :',
    alreadyApproved: 'Ce paiement a déjà été approuvé.',
    alreadyDeclined: 'Ce paiement a déjà été refusé.',
    back: 'Retour à Vrachtmarkt',
    approve: 'Approuver le paiement',
    decline: 'Refuser le paiement',
  },
};

/**
 * The sandbox 3-D Secure challenge page's words: the card issuer's page, in the browser's
 * language (Accept-Language), English included as card issuers do.
 */
const CHALLENGE_PAGE: Record<Locale, { title: string; badge: string; intro: string; toPay: string; alreadyDone: string; alreadyFailed: string; back: string; complete: string; fail: string }> = {
  nl: {
    title: 'Kaartverificatie (testmodus) · Vrachtmarkt',
    badge: 'TESTMODUS: er wordt geen geld afgeschreven',
    intro: 'Je bank vraagt je deze kaartbetaling aan Vrachtmarkt te bevestigen (3-D Secure).',
    toPay: 'Te betalen:',
    alreadyDone: 'Deze betaling is al bevestigd.',
    alreadyFailed: 'Deze verificatie is mislukt, gestopt of verlopen.',
    back: 'Terug naar Vrachtmarkt',
    complete: 'Verificatie voltooien',
    fail: 'Verificatie laten mislukken',
  },
  fr: {
    title: 'Authentification de la carte (mode test) · Vrachtmarkt',
    badge: 'MODE TEST : aucun argent n’est débité',
    intro: 'Votre banque vous demande de confirmer ce paiement par carte à Vrachtmarkt (3-D Secure).',
    toPay: 'À payer :',
    alreadyDone: 'Ce paiement a déjà été confirmé.',
    alreadyFailed: 'Cette authentification a échoué, a été arrêtée ou a expiré.',
    back: 'Retour à Vrachtmarkt',
    complete: 'Terminer l’authentification',
    fail: 'Faire échouer l’authentification',
  },
  en: {
    title: 'Card authentication (test mode) · Vrachtmarkt',
    badge: 'TEST MODE: no money is taken',
    intro: 'Your bank asks you to confirm this card payment to Vrachtmarkt (3-D Secure).',
    toPay: 'To pay:',
    alreadyDone: 'This payment has already been confirmed.',
    alreadyFailed: 'This authentication failed, was stopped or has expired.',
    back: 'Back to Vrachtmarkt',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox's stand-in for the bank's Bancontact page: authorise or decline, then back to the
 * app. It also sends the signed webhook the real provider would, through the same code path.
 */
const sandboxBancontactPages: FastifyPluginAsyncZod<{ payments: PaymentsService; provider: SandboxPaymentProvider }> = async (app, { payments, provider }) => {
  const params = z.object({ id: z.string().regex(/^pi_sbx_bc_[A-Za-z0-9_-]+$/) });

  app.get('/sandbox/bancontact/:id', { schema: { params } }, async (req, reply) => {
    const p = await provider.describeBancontact(req.params.id);
    if (!p || p.kind !== 'bancontact') throw notFound();
    const done = p.status !== 'pending';
    const lang: PageLang = req.locale === 'fr' ? 'fr' : 'nl';
    const t = SANDBOX_PAGE[lang];
    // The description is written in the sender's language when the payment starts (payments.service.ts).
    const description = p.description;
    const html = `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><link rel="icon" type="image/svg+xml" href="/sandbox/favicon.svg"><link rel="stylesheet" href="/sandbox/page.css"></head><body><main>
<p class="badge">${t.badge}</p>
<h1>Bancontact</h1>
<p>${escapeHtml(description)}</p>
<p>${t.toPay} <span class="amount">${escapeHtml(formatEuro(p.amountCents, `${lang}-BE`))}</span></p>
${
  done
    ? `<p>${p.status === 'succeeded' ? t.alreadyApproved : t.alreadyDeclined}</p><p><a href="${escapeHtml(p.returnUrl)}">${t.back}</a></p>`
    : `<form method="post" action="/sandbox/bancontact/${escapeHtml(p.id)}/authorise"><button type="submit">${t.approve}</button></form>
<form method="post" action="/sandbox/bancontact/${escapeHtml(p.id)}/decline"><button type="submit" class="secondary">${t.decline}</button></form>`
}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // The page's own icon (a tab shows it): a blue square with a white V, as the app's colours.
  app.get('/sandbox/favicon.svg', async (_req, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M8 9l8 15 8-15" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
      ),
  );

  app.get('/sandbox/page.css', async (_req, reply) =>
    reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0}main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.5rem}' +
          '.badge{background:#fef3c7;color:#78350f;padding:.25rem .5rem;border-radius:.25rem;font-weight:600}.amount{display:block;font-size:2rem;font-weight:700}' +
          'button{font:inherit;padding:.75rem 1.25rem;margin:.25rem 0;border-radius:.375rem;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;width:100%}' +
          'button.secondary{background:#fff;color:#1d4ed8}button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
      ),
  );

  // The card issuer's 3-D Secure challenge (Stripe's test cards 3184, 3155, 3220): complete or fail.
  const challenge = z.object({ id: z.string().regex(/^pi_sbx_3ds_[A-Za-z0-9_-]+$/) });
  app.get('/sandbox/3ds/:id', { schema: { params: challenge } }, async (req, reply) => {
    const p = await provider.describeBancontact(req.params.id);
    if (!p || p.kind !== 'card_challenge') throw notFound();
    const lang: Locale = req.locale ?? 'nl';
    const t = CHALLENGE_PAGE[lang];
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><link rel="icon" type="image/svg+xml" href="/sandbox/favicon.svg"><link rel="stylesheet" href="/sandbox/page.css"></head><body><main>
<p class="badge">${t.badge}</p>
<h1>3-D Secure</h1>
<p>${t.intro}</p>
<p>${t.toPay} <span class="amount">${escapeHtml(formatEuro(p.amountCents, `${lang}-BE`))}</span></p>
${
  p.status !== 'pending'
    ? `<p>${p.status === 'succeeded' ? t.alreadyDone : t.alreadyFailed}</p><p><a href="${escapeHtml(p.returnUrl)}">${t.back}</a></p>`
    : `<form method="post" action="/sandbox/3ds/${escapeHtml(p.id)}/complete"><button type="submit">${t.complete}</button></form>
<form method="post" action="/sandbox/3ds/${escapeHtml(p.id)}/fail"><button type="submit" class="secondary">${t.fail}</button></form>`
}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  /**
   * A redirect session's answer (the bank page's or the challenge page's), then the signed webhook
   * the real provider would send, through the same code path, then back to the app.
   */
  const answer = async (id: string, outcome: 'authorise' | 'decline', log: { warn: (obj: object, msg: string) => void }) => {
    const done = await provider.completeBancontact(id, outcome);
    if (!done) throw notFound();
    const { payment } = done;
    const body = JSON.stringify({
      id: `evt_sbx_${randomBytes(9).toString('base64url')}`,
      type: payment.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      data: { object: { id: payment.id, status: payment.status === 'succeeded' ? 'succeeded' : 'canceled', amount: payment.amountCents, currency: payment.currency, metadata: payment.metadata } },
    });
    try {
      await payments.handleEvent(provider.parseWebhook(Buffer.from(body), provider.signWebhook(body)));
    } catch (err) {
      // The return check asks the provider again, so a failed delivery loses nothing.
      log.warn({ err }, 'sandbox webhook delivery failed');
    }
    return done.returnUrl;
  };

  app.post('/sandbox/bancontact/:id/:outcome', { schema: { params: params.extend({ outcome: z.enum(['authorise', 'decline']) }) } }, async (req, reply) =>
    reply.redirect(await answer(req.params.id, req.params.outcome, req.log), 303),
  );
  app.post('/sandbox/3ds/:id/:outcome', { schema: { params: challenge.extend({ outcome: z.enum(['complete', 'fail']) }) } }, async (req, reply) =>
    reply.redirect(await answer(req.params.id, req.params.outcome === 'complete' ? 'authorise' : 'decline', req.log), 303),
  );
};
