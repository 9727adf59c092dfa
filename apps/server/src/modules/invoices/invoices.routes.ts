import { apiRoutes } from '@vm/domain';
import { CAMT053_MAX_BYTES } from '../../lib/camt053.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/errors.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { bearerToken, currentStaff, currentUser } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { InvoicePaymentsService } from './invoice-payments.service.ts';
import type { InvoicesService } from './invoices.service.ts';

type Options = { invoices: InvoicesService; invoicePayments: InvoicePaymentsService; auth: AuthService };

/** Issue 22 part 5: a user's own invoices and credit notes; another user's answers 404. */
export const invoicesRoutes: FastifyPluginAsyncZod<Options> = async (app, { invoices, invoicePayments, auth }) => {
  app.route({ ...fromContract(apiRoutes.invoices), handler: async (req) => invoices.list(currentUser(req).userId) });

  /** Downloads are links too, so ?access_token= stands in for the header (as for the consignment note). */
  async function userOf(req: FastifyRequest, accessToken: string | undefined): Promise<number> {
    let who = req.auth;
    if (!who && !bearerToken(req) && accessToken) who = await auth.authenticate(accessToken);
    if (!who || who.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
    return who.userId;
  }

  const { onRequest: _pdfGuardedBelow, ...pdfRoute } = fromContract(apiRoutes.invoicePdf);
  app.route({
    ...pdfRoute,
    handler: async (req, reply) => {
      const { number, pdf } = await invoices.pdf(await userOf(req, req.query.access_token), req.params.id);
      reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${number}.pdf"`).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      return sendBytes(reply, pdf);
    },
  });
  const { onRequest: _ublGuardedBelow, ...ublRoute } = fromContract(apiRoutes.invoiceUbl);
  app.route({
    ...ublRoute,
    handler: async (req, reply) => {
      const { number, xml } = await invoices.ubl(await userOf(req, req.query.access_token), req.params.id);
      reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${number}.xml"`).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      return sendBytes(reply, Buffer.from(xml, 'utf8'));
    },
  });

  // Staff (finance, admin) import the bank's statement: one XML file, at most CAMT053_MAX_BYTES.
  app.route({
    ...fromContract(apiRoutes.opsBankStatement),
    handler: async (req) => {
      const { files } = await readContentAndFiles(req, 1, CAMT053_MAX_BYTES);
      const statement = files.get('statement');
      if (!statement) throw new ApiError(400, 'invalid_request', 'bank_statement_missing');
      return invoicePayments.importStatement(currentStaff(req).staffId, statement);
    },
  });
};
