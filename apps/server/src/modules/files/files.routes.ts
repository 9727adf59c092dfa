import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, attachmentContentSchema } from '@vm/domain';
import { ApiError, notFound } from '../../lib/errors.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { bearerToken, currentUser } from '../../lib/request-context.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { parseBody } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FilesService } from './files.service.ts';

type Options = { files: FilesService; auth: AuthService };

export const filesRoutes: FastifyPluginAsyncZod<Options> = async (app, { files, auth }) => {
  app.route({ ...fromContract(apiRoutes.uploadAttachment), handler: async (req, reply) => {
    const me = currentUser(req);
    const parsed = await readContentAndFiles(req, 1);
    const content = parseBody(attachmentContentSchema, parsed.content);
    // Only the caller's own profile: another user's id answers 404 like a missing one.
    if (content.object_id !== me.userId) throw notFound();
    const wanted = content.attachments[0]!;
    const data = parsed.files.get(wanted.file);
    if (!data) throw new ApiError(400, 'invalid_request', 'file_missing');
    const saved = await files.saveProfilePicture(me.userId, data);
    return reply.code(201).send({ attachments: [saved] });
  } });

  // Guarded here, not by the contract's 'user': an original may come with ?access_token=.
  const { onRequest: _guardedBelow, ...image } = fromContract(apiRoutes.image);
  app.route({
    ...image,
    handler: async (req, reply) => {
      let viewer = req.auth;
      // SPEC section 7: originals may also be opened with ?access_token= (e.g. in a new tab).
      if (!viewer && !bearerToken(req) && req.params.variant === 'original' && req.query.access_token) {
        viewer = await auth.authenticate(req.query.access_token);
      }
      if (!viewer || viewer.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
      const img = await files.read(viewer.userId, req.params.id, req.params.variant);
      reply.header('content-type', img.contentType).header('cache-control', 'private, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
      return sendBytes(reply, img.data);
    },
  });
};
