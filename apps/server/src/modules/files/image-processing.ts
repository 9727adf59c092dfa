import os from 'node:os';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { concurrencyLimit } from '../../lib/concurrency-limit.ts';
import { ApiError } from '../../lib/errors.ts';
import { fileTooLarge, MAX_UPLOAD_BYTES } from '../../lib/multipart.ts';

/** About 40 megapixels: larger pictures are refused before they are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif';

/** The file type from its first bytes; the name and the browser's content type are not trusted. */
export function sniffImage(buf: Buffer): Sniffed | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buf.length >= 12 && buf.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}

export type ProcessedImage = {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  variants: { original: Buffer; medium: Buffer; thumb: Buffer };
};

export const notAnImage = () => new ApiError(415, 'unsupported_media_type', 'file_not_image');

/** Pictures decoded at the same time in this process: one per core; the rest queue. */
const decoding = concurrencyLimit(Math.max(1, os.availableParallelism()));

// Each picture is read once per variant and never held as a whole: libvips decodes it strip by
// strip (sequentialRead), the medium and thumb variants decode at 1/2 to 1/8 of the size straight
// from the JPEG (shrink-on-load, which a resize to the target size triggers), and the full-size
// copy is written as a baseline JPEG with standard Huffman tables, the one JPEG encoding that
// streams: progressive or optimised coding (mozjpeg) buffers every coefficient of the picture,
// about 7 bytes a pixel, 280 MB at the pixel cap. The operation cache is off (it would keep
// decoded strips of pictures that are never read again). Bound, measured by `npm run bench:images`
// (bench/README.md) with four JPEGs just under the cap at once: about 60 MB per decoding slot
// (one per core) for an upright picture, 140 MB for one libvips must hold decoded to turn (EXIF
// orientation 5 to 8); on 2 cores the process peaked at 218 MB and 383 MB RSS, 107 MB of which it
// held before decoding (before this: 695 MB and 908 MB, twelve times slower).
sharp.cache(false);

/**
 * Decodes once, turns the picture upright (EXIF orientation) and re-encodes, which also drops
 * EXIF data such as GPS positions. Pictures with transparency stay PNG, others become JPEG.
 * The cheap checks (size, type, pixel count) run at once; the decoding waits for a free slot.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
  if (!sniffImage(input)) throw notAnImage();
  let meta: Metadata;
  try {
    // Reads the header only; the pixel cap is checked below, before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ApiError(413, 'payload_too_large', 'image_too_many_pixels');

  return decoding.run(() => decode(input, meta.hasAlpha ? 'png' : 'jpeg'));
}

async function decode(input: Buffer, format: 'png' | 'jpeg'): Promise<ProcessedImage> {
  // The small variants are worth mozjpeg's smaller files; the full-size copy must stream (see above).
  const encode = (s: Sharp) => (format === 'png' ? s.png() : s.jpeg({ quality: 85, mozjpeg: true }));
  const encodeFull = (s: Sharp) => (format === 'png' ? s.png() : s.jpeg({ quality: 85, optimiseCoding: false }));
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
  try {
    const [original, medium, thumb] = await Promise.all([
      encodeFull(base()).toBuffer({ resolveWithObject: true }),
      encode(base().resize(800, 800, { fit: 'inside', withoutEnlargement: true })).toBuffer(),
      encode(base().resize(160, 160, { fit: 'cover' })).toBuffer(),
    ]);
    return { format, width: original.info.width, height: original.info.height, variants: { original: original.data, medium, thumb } };
  } catch {
    throw notAnImage();
  }
}
