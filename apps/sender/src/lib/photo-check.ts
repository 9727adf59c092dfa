// The checks a photo gets the moment it is chosen, the same ones the server makes on upload
// (apps/server/src/modules/files): the type from the file's first bytes (a name or the browser's
// content type says nothing), the size, and how many the package takes.

/** The server's upload limit per file. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif';

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The picture type from the first 12 bytes of a file, or null when it is no picture the server takes. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}

/** What is wrong with a choice of photos, as a catalogue key and its values; null when all is well. */
export type PhotoProblem = { key: 'wizard.photosTooMany'; count: number } | { key: 'wizard.photoTooLarge' | 'wizard.photoNotImage'; name: string };

/** FileReader rather than Blob.arrayBuffer: older Safari (and jsdom) lack the latter. */
export const firstBytes = (file: File, n: number) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, n));
  });

export async function checkPhotos(files: File[], max: number): Promise<PhotoProblem | null> {
  if (files.length > max) return { key: 'wizard.photosTooMany', count: max };
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) return { key: 'wizard.photoTooLarge', name: file.name };
    // A file that cannot be read (gone from the disk since it was chosen) is no picture either.
    const head = await firstBytes(file, 12).catch(() => new Uint8Array());
    if (!sniffImage(head)) return { key: 'wizard.photoNotImage', name: file.name };
  }
  return null;
}
