import imageCompression from 'browser-image-compression';
import { MAX_PROOF_PHOTOS_PER_PACKAGE, MAX_RESERVATIONS_LENGTH } from '@vm/domain/proof';
import type { QueuedFile } from '../../lib/offline-queue.ts';

// The proof form's rules (the server's schema, decision 0026, checked before queueing: a proof
// refused later, offline, would leave the driver stuck at the address).

export type ProofValues = {
  photos: Record<number, QueuedFile[]>;
  condition: 'good' | 'reservations';
  reservations: string;
  signerName: string;
  signature: QueuedFile | null;
};

/** Catalogue keys under myJobs.errors, by field (`photos.{packageId}`, reservations, signerName, signature). */
export function validateProof(v: ProofValues, packageIds: number[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const id of packageIds) {
    const n = v.photos[id]?.length ?? 0;
    if (n === 0) errors[`photos.${id}`] = 'photoRequired';
    else if (n > MAX_PROOF_PHOTOS_PER_PACKAGE) errors[`photos.${id}`] = 'tooManyPhotos';
  }
  if (v.condition === 'reservations' && !v.reservations.trim()) errors.reservations = 'reservationsRequired';
  if (v.reservations.length > MAX_RESERVATIONS_LENGTH) errors.reservations = 'tooLong';
  if (!v.signerName.trim()) errors.signerName = 'signerRequired';
  else if (v.signerName.trim().length > 120) errors.signerName = 'tooLong';
  if (!v.signature) errors.signature = 'signatureRequired';
  return errors;
}

/** A data: URL's bytes. */
export function dataUrlBytes(url: string): { type: string; bytes: ArrayBuffer } {
  const [head, data = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const bin = atob(data);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return { type, bytes: bytes.buffer };
}

/** The drawn signature as a PNG file, or null while nothing is drawn. */
export function exportSignature(pad: { isEmpty(): boolean; toDataURL(type?: string): string }): QueuedFile | null {
  if (pad.isEmpty()) return null;
  const { type, bytes } = dataUrlBytes(pad.toDataURL('image/png'));
  return { field: 'signature', name: 'signature.png', type, bytes };
}

// Imported with the proof screen's chunk (not on demand): the screen is used offline.
/** A photo made smaller in the browser (about 1600 px, 0.5 MB) before it is queued. */
export async function compressPhoto(file: File): Promise<QueuedFile> {
  let out: Blob;
  try {
    // No web worker: its script would come from a CDN, which is not there offline.
    out = await imageCompression(file, { maxWidthOrHeight: 1600, maxSizeMB: 0.5, useWebWorker: false, fileType: 'image/jpeg', initialQuality: 0.8 });
  } catch {
    out = file;
  }
  return { field: '', name: file.name.replace(/\.[^.]*$/, '') + '.jpg', type: out.type || 'image/jpeg', bytes: await out.arrayBuffer() };
}
