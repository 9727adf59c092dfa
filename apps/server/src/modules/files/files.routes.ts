import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/errors.ts';
import { bearerToken, currentUser, requireUser } from '../../lib/request-context.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { parseBody } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FilesService } from './files.service.ts';
import { IMAGE_VARIANTS } from './image-urls.ts';

// POST /api/attachment's `content` field (SPEC section 7).
const attachmentContentSchema = z.object({
  object: z.literal('user', { error: 'invalid_body' }),
  object_id: z.coerce.number({ error: 'invalid_body' }).int(),
  attachments: z
    .array(z.object({ file: z.string().min(1).max(100), type: z.literal('profile_picture', { error: 'invalid_body' }) }), { error: 'invalid_body' })
    .length(1, 'invalid_body'),
});

type Options = { files: FilesService; auth: AuthService };

export const filesRoutes: FastifyPluginAsyncZod<Options> = async (app, { files, auth }) => {
  app.post('/api/attachment', { onRequest: requireUser }, async (req, reply) => {
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
  });

  app.get(
    '/api/image/:id/:variant',
    {
      schema: {
        params: z.object({ id: z.uuid(), variant: z.enum(IMAGE_VARIANTS) }),
        querystring: z.object({ access_token: z.string().max(200).optional() }),
      },
    },
    async (req, reply) => {
      let viewer = req.auth;
      // SPEC section 7: originals may also be opened with ?access_token= (e.g. in a new tab).
      if (!viewer && !bearerToken(req) && req.params.variant === 'original' && req.query.access_token) {
        viewer = await auth.authenticate(req.query.access_token);
      }
      if (!viewer || viewer.userId === null) throw new ApiError(401, 'access_denied', 'access_denied');
      const img = await files.read(viewer.userId, req.params.id, req.params.variant);
      return reply
        .header('content-type', img.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(img.data);
    },
  );
};
