import type { ProofRead } from '@vm/domain';
import type { ProofPhotoRow, ProofRow } from './proofs.repository.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The file's name in its URL: the last part of its private key (a uuid and its extension). */
export const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** `base` is the viewer's route to the job: /api/shipment/{id} (sender) or /api/driver/shipment/{id}. */
export function toProofRead(p: ProofRow, photos: ProofPhotoRow[], base: string): ProofRead {
  const url = (key: string) => `${base}/proof/file/${fileName(key)}`;
  const byPackage = new Map<number, string[]>();
  for (const ph of photos.filter((x) => x.proofId === p.id)) byPackage.set(ph.packageId, [...(byPackage.get(ph.packageId) ?? []), url(ph.fileKey)]);
  return {
    id: p.id,
    kind: p.kind,
    client_id: p.clientId,
    signer_name: p.signerName,
    condition: p.condition,
    reservations: p.reservations,
    taken_at: seconds(p.takenAt),
    lat: p.lat,
    lng: p.lng,
    accuracy_m: p.accuracyM,
    signature_url: url(p.signatureKey),
    packages: [...byPackage].map(([package_id, photo_urls]) => ({ package_id, photo_urls })),
    created_at: seconds(p.createdAt),
  };
}
