import type { ProofKind } from '@vm/domain/proof';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { offlineQueue } from '../../lib/offline-actions.ts';
import type { QueuedFile } from '../../lib/offline-queue.ts';
import { currentPosition, type Fix, lastKnownPosition } from '../../lib/position.ts';

// What the job screens put in the offline queue, in the order the server must take them.

const FRESH_MS = 2 * 60_000;

/** A position with the state change (decision 0029), then the change itself. */
export async function queueStateChange(shipmentId: number, state: ShipmentStateName, given: Fix | null = lastKnownPosition()) {
  const q = offlineQueue();
  let fix = given && Date.now() - given.at < FRESH_MS ? given : null;
  if (!fix) {
    // No recent position from the watch: ask once, briefly (the change itself never waits long).
    const now = await currentPosition(3000);
    if ('fix' in now) fix = now.fix;
  }
  if (fix) await q.enqueue({ kind: 'position', shipmentId, lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy });
  await q.enqueue({ kind: 'state', shipmentId, state });
}

export type ProofDraft = {
  kind: ProofKind;
  fix: Fix;
  signerName: string;
  condition: 'good' | 'reservations';
  reservations: string;
  photos: { packageId: number; files: QueuedFile[] }[];
  signature: QueuedFile;
};

/** The proof with its files (its time is the moment it is queued: `taken_at`), then the state change. */
export async function queueProof(shipmentId: number, draft: ProofDraft, then: ShipmentStateName) {
  const files: QueuedFile[] = [];
  const packages = draft.photos.map((p) => ({
    package_id: p.packageId,
    photos: p.files.map((f, i) => {
      const field = `photo_${p.packageId}_${i + 1}`;
      files.push({ ...f, field });
      return field;
    }),
  }));
  files.push({ ...draft.signature, field: 'signature' });
  const content = {
    kind: draft.kind,
    lat: draft.fix.lat,
    lng: draft.fix.lng,
    accuracy_m: draft.fix.accuracy,
    signer_name: draft.signerName.trim(),
    condition: draft.condition,
    reservations: draft.condition === 'reservations' ? draft.reservations.trim() : '',
    packages,
    signature: 'signature',
  };
  await offlineQueue().enqueue({ kind: 'proof', shipmentId, content, files });
  // The stop's own place (no position at all, accuracy 100 km) is no position of the driver's.
  await queueStateChange(shipmentId, then, draft.fix.accuracy < 100_000 ? draft.fix : null);
}
