import { MAX_UPLOAD_BYTES } from '../../lib/multipart.ts';

/** A provider's profile pictures are small; anything larger is not one. */
export const MAX_PICTURE_BYTES = Math.min(MAX_UPLOAD_BYTES, 5 * 1024 * 1024);

/**
 * Fetches a profile picture the provider pointed at, bounded in time and size, image types only;
 * the caller still runs it through the upload checks (processImage). https only, except when the
 * provider itself is on plain http on this machine (the tests' fakes). Null on any failure: a
 * missing picture never stops a login.
 */
export async function fetchPicture(url: string, opts: { timeoutMs: number; allowHttp: boolean }): Promise<Buffer | null> {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(opts.allowHttp && u.protocol === 'http:')) return null;
  try {
    const res = await fetch(u, { redirect: 'follow', signal: AbortSignal.timeout(opts.timeoutMs) });
    if (!res.ok || !/^image\//.test(res.headers.get('content-type') ?? '') || !res.body) return null;
    if (Number(res.headers.get('content-length') ?? 0) > MAX_PICTURE_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > MAX_PICTURE_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}
