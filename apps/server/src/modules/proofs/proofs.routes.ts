import { apiRoutes, MAX_PROOF_BYTES, MAX_PROOF_FILES, proofInputSchema } from '@vm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/errors.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { bearerToken, currentUser } from '../../lib/request-context.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import { parseBody } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProofsService, Viewer } from './proofs.service.ts';

type Options = { proofs: ProofsService; auth: AuthService; now: () => Date };

/** Proof at pickup and delivery and the consignment note (issue 21, part 3). */
export const proofsRoutes: FastifyPluginAsyncZod<Options> = async (app, { proofs, auth, now }) => {
  /**
   * Files and the PDF are opened by <img> and links too, so ?access_token= stands in for the
   * header (as for /api/image); the role is checked here as the contract's guard would.
   */
  async function viewer(req: FastifyRequest, role: Viewer['role'], accessToken: string | undefined): Promise<Viewer> {
    let who = req.auth;
    if (!who && !bearerToken(req) && accessToken) who = await auth.authenticate(accessToken);
    if (!who || who.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
    if (who.role !== role) throw new ApiError(403, 'forbidden', 'forbidden_role');
    return { role, userId: who.userId };
  }

  app.route({
    ...fromContract(apiRoutes.takeProof),
    handler: async (req, reply) => {
      const me = currentUser(req).userId;
      await proofs.assertAssigned(me, req.params.id);
      const parsed = await readContentAndFiles(req, MAX_PROOF_FILES, MAX_PROOF_BYTES);
      const input = parseBody(proofInputSchema(now), parsed.content);
      const { created, proof } = await proofs.take(me, req.params.id, input, parsed.files);
      return reply.code(created ? 201 : 200).send(proof);
    },
  });
  app.route({ ...fromContract(apiRoutes.driverProofs), handler: async (req) => proofs.list({ role: 'driver', userId: currentUser(req).userId }, req.params.id) });
  app.route({ ...fromContract(apiRoutes.senderProofs), handler: async (req) => proofs.list({ role: 'sender', userId: currentUser(req).userId }, req.params.id) });
  app.route({
    ...fromContract(apiRoutes.answerDelivery),
    handler: async (req) => proofs.answerDelivery(currentUser(req).userId, req.params.id, req.body),
  });

  for (const [route, role] of [
    [apiRoutes.driverProofFile, 'driver'],
    [apiRoutes.senderProofFile, 'sender'],
  ] as const) {
    const { onRequest: _guardedBelow, ...r } = fromContract(route);
    app.route({
      ...r,
      handler: async (req, reply) => {
        const v = await viewer(req, role, req.query.access_token);
        const f = await proofs.file(v, req.params.id, req.params.file);
        reply.header('content-type', f.contentType).header('cache-control', 'private, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
        return sendBytes(reply, f.data);
      },
    });
  }
  for (const [route, role] of [
    [apiRoutes.driverConsignmentNote, 'driver'],
    [apiRoutes.consignmentNote, 'sender'],
  ] as const) {
    const { onRequest: _guardedBelow, ...r } = fromContract(route);
    app.route({
      ...r,
      handler: async (req, reply) => {
        const v = await viewer(req, role, req.query.access_token);
        const pdf = await proofs.notePdf(v, req.params.id, req.locale ?? 'nl');
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="consignment-note-${req.params.id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        return sendBytes(reply, pdf);
      },
    });
  }
};
