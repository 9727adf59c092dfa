import { apiRoutes, MAX_PROBLEM_BYTES, MAX_PROBLEM_PHOTOS, problemAnswerSchema, problemReportSchema } from '@vm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/errors.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { bearerToken, currentStaff, currentUser } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import { parseBody } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProblemsService } from './problems.service.ts';

type Options = { problems: ProblemsService; auth: AuthService };

/** Private files: never cached by anyone else, never sniffed into another type. */
function sendPrivate(reply: FastifyReply, contentType: string, data: Buffer, disposition?: string) {
  reply.header('content-type', contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  if (disposition) reply.header('content-disposition', disposition);
  return sendBytes(reply, data);
}

/** Issue 23 part 1: problems and claims, for the job's sender, its driver and staff. */
export const problemsRoutes: FastifyPluginAsyncZod<Options> = async (app, { problems, auth }) => {
  /** Photos open in <img> too: ?access_token= stands in for the header (as for the proofs' files). */
  async function userOf(req: FastifyRequest, role: 'sender' | 'driver', accessToken: string | undefined): Promise<number> {
    let who = req.auth;
    if (!who && !bearerToken(req) && accessToken) who = await auth.authenticate(accessToken);
    if (!who || who.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
    if (who.role !== role) throw new ApiError(403, 'forbidden', 'forbidden_role');
    return who.userId;
  }

  app.route({ ...fromContract(apiRoutes.senderProblem), handler: async (req) => problems.senderView(currentUser(req).userId, req.params.id) });
  app.route({
    ...fromContract(apiRoutes.reportProblem),
    handler: async (req, reply) => {
      const me = currentUser(req).userId;
      // Whose job it is, before the upload is read.
      await problems.senderView(me, req.params.id);
      const parsed = await readContentAndFiles(req, MAX_PROBLEM_PHOTOS, MAX_PROBLEM_BYTES);
      return reply.code(201).send(await problems.report(me, req.params.id, parseBody(problemReportSchema, parsed.content), parsed.files));
    },
  });
  app.route({ ...fromContract(apiRoutes.driverProblem), handler: async (req) => problems.driverView(currentUser(req).userId, req.params.id) });
  app.route({
    ...fromContract(apiRoutes.answerProblem),
    handler: async (req, reply) => {
      const me = currentUser(req).userId;
      await problems.driverView(me, req.params.id);
      const parsed = await readContentAndFiles(req, MAX_PROBLEM_PHOTOS, MAX_PROBLEM_BYTES);
      return reply.code(201).send(await problems.answer(me, req.params.id, parseBody(problemAnswerSchema, parsed.content), parsed.files));
    },
  });
  for (const [route, role] of [
    [apiRoutes.senderProblemPhoto, 'sender'],
    [apiRoutes.driverProblemPhoto, 'driver'],
  ] as const) {
    const { onRequest: _guardedBelow, ...r } = fromContract(route);
    app.route({
      ...r,
      handler: async (req, reply) => {
        const me = await userOf(req, role, req.query.access_token);
        const f = await problems.photo(role, me, req.params.id, req.params.file);
        return sendPrivate(reply, f.contentType, f.data);
      },
    });
  }

  // The back office.
  app.route({
    ...fromContract(apiRoutes.opsProblems),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return problems.list(req.query.status);
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsProblem),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return problems.view(currentStaff(req).staffId, req.params.id, req.locale ?? 'nl');
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsProblemFile),
    handler: async (req, reply) => {
      const f = await problems.file(req.params.id, req.params.file);
      return sendPrivate(reply, f.contentType, f.data, 'inline');
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsConsignmentNote),
    handler: async (req, reply) => sendPrivate(reply, 'application/pdf', await problems.notePdf(req.params.id, req.locale ?? 'nl'), `inline; filename="consignment-note-${req.params.id}.pdf"`),
  });
  app.route({
    ...fromContract(apiRoutes.opsClaimFile),
    handler: async (req, reply) => {
      const { zip, reference } = await problems.claimFile(currentStaff(req).staffId, req.params.id, req.locale ?? 'nl');
      return sendPrivate(reply, 'application/zip', zip, `attachment; filename="claim-${reference}.zip"`);
    },
  });
  app.route({
    ...fromContract(apiRoutes.opsProblemDecision),
    handler: async (req) => problems.decide(currentStaff(req).staffId, req.params.id, req.body, req.locale ?? 'nl'),
  });
};
