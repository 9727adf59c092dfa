import type { FastifyRequest } from 'fastify';
import { ApiError, ValidationFailed } from './errors.ts';
import { checkJsonObject } from './json-guard.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const fileTooLarge = () => new ApiError(413, 'payload_too_large', 'file_too_large');

/**
 * Reads a multipart body of SPEC section 7: a `content` field holding JSON plus files, each under
 * its own field name. Files are buffered (each at most 10 MB, `maxFiles` in all).
 */
export async function readContentAndFiles(req: FastifyRequest, maxFiles: number, maxTotalBytes = Infinity): Promise<{ content: unknown; files: Map<string, Buffer> }> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'invalid_body');
  let content: unknown = undefined;
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 4, fieldSize: 256 * 1024 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // Many files each under the per-file cap can still be too much together (a proof's photos).
        total += data.length;
        if (total > maxTotalBytes) throw fileTooLarge();
        files.set(part.fieldname, data);
      } else if (part.fieldname === 'content') {
        try {
          content = JSON.parse(String(part.value));
        } catch {
          throw new ApiError(400, 'invalid_request', 'invalid_body');
        }
        checkJsonObject(content);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new ApiError(413, 'payload_too_large', 'too_many_photos');
    if (err instanceof ApiError || err instanceof ValidationFailed) throw err;
    // Anything else is the body's fault: no boundary, cut short, malformed headers (busboy's errors).
    throw new ApiError(400, 'invalid_request', 'invalid_body');
  }
  return { content, files };
}
