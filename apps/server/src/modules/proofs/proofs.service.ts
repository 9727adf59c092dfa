import { createHash, randomUUID } from 'node:crypto';
import {
  canAnswerDelivery,
  type DeliveryAnswer,
  deliveryStatus,
  type Locale,
  NOTE_GENESIS_HASH,
  type NoteEntryBody,
  type NoteSignature,
  type ProofInput,
  type ProofKind,
  proofAllowedIn,
  type ProofRead,
  type ProofsRead,
} from '@vm/domain';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, jobConflict, notFound } from '../../lib/errors.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LockedJob, ShipmentsService } from '../shipments/shipments.service.ts';
import { consignmentNotePdf } from './consignment-note-pdf.ts';
import { entryHash, type NoteSeal } from './note-seal.ts';
import { fileName, toProofRead } from './proofs.mapper.ts';
import * as repo from './proofs.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  store: FileStore;
  files: Pick<FilesService, 'normalise'>;
  shipments: Pick<ShipmentsService, 'parties' | 'recordChanged' | 'withJob' | 'lockJob' | 'deliveredAt'>;
  seal: NoteSeal;
  now: () => Date;
  log: Log;
  /**
   * The sender confirmed the delivery: the held money goes to the driver in the answer's own
   * transaction (settlement's, under the job's lock), and `released` runs after it committed.
   */
  onConfirmed?: { release: (trx: Executor, job: LockedJob) => Promise<string>; released: () => void };
};

export type Viewer = { role: 'sender' | 'driver'; userId: number };
export type NoteCheck = { ok: boolean; entries: number; problems: string[] };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const exists = () => new ApiError(409, 'conflict', 'proof_exists');
const base = (v: Viewer, shipmentId: number) => (v.role === 'sender' ? `/api/shipment/${shipmentId}` : `/api/driver/shipment/${shipmentId}`);
const place = (a: { street: string; number: string; box: string; zip: string; city: string; country: string }) =>
  `${[a.street, a.number, a.box].filter(Boolean).join(' ')}, ${a.zip} ${a.city}, ${a.country}`;
const town = (a: { zip: string; city: string; country: string }) => `${a.zip} ${a.city}, ${a.country}`;

/**
 * Issue 21, part 3: the driver's proof at pickup and at delivery, kept as private files and rows,
 * each appending a sealed entry to the shipment's consignment note; the sender's answer after
 * delivery. Only the job's sender and its assigned driver see any of it (anyone else: 404).
 */
export function proofsService({ db, store, files, shipments, seal, now, log, onConfirmed }: Deps) {
  /** The shipment if the viewer may see its proofs; 404 otherwise, before any other check. */
  async function own(v: Viewer, shipmentId: number) {
    const p = await shipments.parties(shipmentId);
    if (!p) throw notFound();
    if (v.role === 'sender' ? p.senderId !== v.userId : p.driverId !== v.userId) throw notFound();
    return p;
  }

  async function read(v: Viewer, shipmentId: number): Promise<ProofsRead> {
    const { proofs, photos } = await repo.list(db, shipmentId);
    const delivered = await shipments.deliveredAt(db, shipmentId);
    const ans = await repo.answer(db, shipmentId);
    return {
      proofs: proofs.map((p) => toProofRead(p, photos, base(v, shipmentId))),
      delivery: deliveryStatus(delivered ? seconds(delivered) : null, ans ? { outcome: ans.outcome, answered_at: seconds(ans.answeredAt) } : null, seconds(now())),
      note_url: proofs.length ? `${base(v, shipmentId)}/consignment-note.pdf` : null,
    };
  }

  async function readOne(v: Viewer, shipmentId: number, proofId: number): Promise<ProofRead> {
    const all = await read(v, shipmentId);
    return all.proofs.find((p) => p.id === proofId)!;
  }

  /** The note entry a proof adds, from the shipment as it stands and the proof. */
  async function entryBody(trx: Executor, shipmentId: number, kind: ProofKind, input: ProofInput, signatureSha: string, at: Date): Promise<NoteEntryBody> {
    const f = await repo.noteFacts(trx, shipmentId);
    if (!f) throw notFound();
    const photos = input.packages.reduce((n, p) => n + p.photos.length, 0);
    const position = { lat: input.lat, lng: input.lng, accuracy_m: input.accuracy_m };
    const carrierName = f.carrier.companyName ? `${f.carrier.companyName} (${f.carrier.firstName} ${f.carrier.lastName})` : `${f.carrier.firstName} ${f.carrier.lastName}`;
    if (kind === 'pickup') {
      const senderName = f.sender.company ? `${f.sender.company.name} (${f.sender.firstName} ${f.sender.lastName})` : `${f.sender.firstName} ${f.sender.lastName}`;
      const signatures: NoteSignature[] = [
        { role: 'sender', name: input.signer_name, signed_at: input.taken_at, image_sha256: signatureSha },
        { role: 'carrier', name: carrierName, signed_at: input.taken_at, image_sha256: null },
      ];
      return {
        kind: 'pickup',
        particulars: {
          reference: f.reference,
          made_out: { place: town(f.pickup), date: seconds(at) },
          sender: { name: senderName, address: f.sender.company?.address || f.sender.address || place(f.pickup) },
          carrier: { name: carrierName, address: f.carrier.address },
          taking_over: { place: place(f.pickup), date: input.taken_at },
          delivery_place: { place: place(f.delivery), date_from: seconds(f.delivery.dateFrom), date_till: seconds(f.delivery.dateTill) },
          consignee: { name: f.delivery.name || place(f.delivery), address: place(f.delivery) },
          goods: f.packages.map((p) => ({ description: p.description, packing: p.palletType ? `${p.type}, ${p.palletType}` : p.type })),
          number_of_packages: f.packages.length,
          gross_weight_kg: f.packages.reduce((n, p) => n + p.weight, 0),
        },
        condition: input.condition,
        reservations: input.reservations,
        signatures,
        position,
        photos,
      };
    }
    return {
      kind: 'delivery',
      delivered: { place: place(f.delivery), date: input.taken_at },
      condition: input.condition,
      reservations: input.reservations,
      signatures: [
        { role: 'consignee', name: input.signer_name, signed_at: input.taken_at, image_sha256: signatureSha },
        { role: 'carrier', name: carrierName, signed_at: input.taken_at, image_sha256: null },
      ],
      position,
      photos,
    };
  }

  async function appendEntry(trx: Executor, shipmentId: number, body: NoteEntryBody, at: Date): Promise<void> {
    const last = await repo.lastEntry(trx, shipmentId);
    const seq = (last?.seq ?? 0) + 1;
    const prevHash = last?.hash ?? NOTE_GENESIS_HASH;
    const hash = entryHash(prevHash, body);
    const jws = await seal.seal({ shipment_id: shipmentId, seq, kind: body.kind, prev_hash: prevHash, hash });
    await repo.insertEntry(trx, { shipmentId, seq, kind: body.kind, body: JSON.stringify(body), prevHash, hash, jws, createdAt: at });
  }

  /** An earlier proof with the same client id: the same answer again (a replay from the phone's queue). */
  async function replayed(driverId: number, shipmentId: number, clientId: string): Promise<ProofRead | null> {
    const earlier = await repo.byClientId(db, clientId);
    if (!earlier) return null;
    if (earlier.shipmentId !== shipmentId || earlier.driverId !== driverId) throw exists();
    return readOne({ role: 'driver', userId: driverId }, shipmentId, earlier.id);
  }

  return {
    /** 404 unless the job is the driver's: checked before the upload is read, so nothing else answers first. */
    async assertAssigned(driverId: number, shipmentId: number): Promise<void> {
      await own({ role: 'driver', userId: driverId }, shipmentId);
    },

    /** Takes a proof once; `created` is false for a replay of one already taken. */
    async take(driverId: number, shipmentId: number, input: ProofInput, uploads: Map<string, Buffer>): Promise<{ created: boolean; proof: ProofRead }> {
      const p = await own({ role: 'driver', userId: driverId }, shipmentId);
      const again = await replayed(driverId, shipmentId, input.client_id);
      if (again) return { created: false, proof: again };
      if (await repo.byKind(db, shipmentId, input.kind)) throw exists();
      if (!proofAllowedIn(input.kind, p.state)) throw new ApiError(409, 'conflict', 'proof_not_allowed');
      const packageIds = await repo.packageIds(db, shipmentId);
      if (input.packages.some((x) => !packageIds.includes(x.package_id))) throw new ApiError(400, 'invalid_request', 'proof_package_unknown');
      if (packageIds.some((id) => !input.packages.some((x) => x.package_id === id))) throw new ApiError(400, 'invalid_request', 'proof_photo_required');
      const file = (name: string) => {
        const data = uploads.get(name);
        if (!data) throw new ApiError(400, 'invalid_request', 'file_missing');
        return data;
      };
      const sigBytes = file(input.signature);
      if (!sigBytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new ApiError(415, 'unsupported_media_type', 'signature_not_png');
      const photoBytes = input.packages.map((x) => x.photos.map(file));

      // Checked and written before the rows; removed again if the rows are not written.
      const written: string[] = [];
      const put = async (data: Buffer) => {
        const img = await files.normalise(data);
        const key = `proofs/${shipmentId}/${randomUUID()}.${img.format === 'png' ? 'png' : 'jpg'}`;
        await store.put(key, img.data);
        written.push(key);
        return { key, data: img.data };
      };
      const discard = () => Promise.all(written.map((k) => store.delete(k).catch((err: unknown) => log.warn({ err, key: k }, 'could not remove a proof file'))));
      let proofId: number | null;
      try {
        const sig = await put(sigBytes);
        const photos: { packageId: number; fileKey: string; position: number }[] = [];
        for (const [i, pkg] of input.packages.entries()) {
          for (const [position, data] of photoBytes[i]!.entries()) photos.push({ packageId: pkg.package_id, fileKey: (await put(data)).key, position });
        }
        await seal.ready();
        const at = now();
        proofId = await db.transaction().execute(async (trx) => {
          // The job's lock: the note's appends for one job never interleave, and a state change waits.
          await shipments.lockJob(trx, shipmentId);
          const id = await repo.insert(
            trx,
            {
              shipmentId,
              driverId,
              kind: input.kind,
              clientId: input.client_id,
              signerName: input.signer_name,
              condition: input.condition,
              reservations: input.condition === 'good' ? '' : input.reservations,
              takenAt: new Date(input.taken_at * 1000),
              lat: input.lat,
              lng: input.lng,
              accuracyM: input.accuracy_m,
              signatureKey: sig.key,
              createdAt: at,
            },
            photos,
          );
          if (id === null) return null;
          await appendEntry(trx, shipmentId, await entryBody(trx, shipmentId, input.kind, { ...input, reservations: input.condition === 'good' ? '' : input.reservations }, sha256(sig.data), at), at);
          await shipments.recordChanged(trx, shipmentId);
          return id;
        });
      } catch (err) {
        await discard();
        throw err;
      }
      if (proofId === null) {
        // Another request took this proof (or this client id) between the checks and the insert.
        await discard();
        const again2 = await replayed(driverId, shipmentId, input.client_id);
        if (again2) return { created: false, proof: again2 };
        throw exists();
      }
      return { created: true, proof: await readOne({ role: 'driver', userId: driverId }, shipmentId, proofId) };
    },

    async list(v: Viewer, shipmentId: number): Promise<ProofsRead> {
      await own(v, shipmentId);
      return read(v, shipmentId);
    },

    /** A proof file for the job's sender or driver; any other name is the same 404. */
    async file(v: Viewer, shipmentId: number, name: string): Promise<{ data: Buffer; contentType: string }> {
      await own(v, shipmentId);
      const key = `proofs/${shipmentId}/${name}`;
      if (fileName(key) !== name || !(await repo.fileOfShipment(db, shipmentId, key))) throw notFound();
      const data = await store.get(key);
      if (!data) throw notFound();
      return { data, contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },

    /** Whether the proof a state change needs was taken (driver-jobs asks inside its transaction). */
    async hasProof(trx: Executor, shipmentId: number, kind: ProofKind): Promise<boolean> {
      return (await repo.byKind(trx, shipmentId, kind)) !== null;
    },

    async notePdf(v: Viewer, shipmentId: number, lang: Locale): Promise<Buffer> {
      await own(v, shipmentId);
      const rows = await repo.entries(db, shipmentId);
      if (!rows.length) throw notFound();
      const { proofs } = await repo.list(db, shipmentId);
      const images = new Map<string, Buffer>();
      for (const p of proofs) {
        const data = await store.get(p.signatureKey);
        if (data) images.set(sha256(data), data);
      }
      return consignmentNotePdf(
        rows.map((r) => ({ seq: r.seq, body: r.body as NoteEntryBody, hash: r.hash, jws: r.jws })),
        lang,
        images,
      );
    },

    /** Verifies the note's chain and every seal: the hashes link, each body hashes to its row, each JWS signs its row. */
    async checkNote(shipmentId: number): Promise<NoteCheck> {
      const rows = await repo.entries(db, shipmentId);
      const problems: string[] = [];
      let prev = NOTE_GENESIS_HASH;
      for (const [i, r] of rows.entries()) {
        if (r.seq !== i + 1) problems.push(`entry ${r.seq}: expected sequence number ${i + 1}`);
        if (r.prevHash !== prev) problems.push(`entry ${r.seq}: previous hash does not match entry ${r.seq - 1}`);
        if (entryHash(r.prevHash, r.body) !== r.hash) problems.push(`entry ${r.seq}: its body does not match its hash`);
        const sealed = await seal.open(r.jws);
        if (!sealed) problems.push(`entry ${r.seq}: the seal (JWS) does not verify with the server's key`);
        else if (sealed.shipment_id !== shipmentId || sealed.seq !== r.seq || sealed.kind !== r.kind || sealed.prev_hash !== r.prevHash || sealed.hash !== r.hash) {
          problems.push(`entry ${r.seq}: the seal (JWS) was made for other values`);
        }
        prev = r.hash;
      }
      return { ok: problems.length === 0, entries: rows.length, problems };
    },

    /** The sender's answer after delivery: once, within 24 hours of it. */
    async answerDelivery(senderId: number, shipmentId: number, a: DeliveryAnswer): Promise<ProofsRead> {
      await own({ role: 'sender', userId: senderId }, shipmentId);
      // Under the job's lock: a problem reported at the same moment is either seen here (the report
      // is the answer) or finds this answer and is refused; never both.
      const released = await shipments.withJob(shipmentId, async (job, trx) => {
        const delivered = await shipments.deliveredAt(trx, shipmentId);
        if (await repo.answer(trx, shipmentId)) throw jobConflict('delivery_answered', job.state);
        if (!canAnswerDelivery(delivered ? seconds(delivered) : null, false, seconds(now()))) throw jobConflict('delivery_answer_closed', job.state);
        if (!(await repo.insertAnswer(trx, { shipmentId, outcome: a.outcome, note: a.note ?? '', answeredAt: now() }))) throw jobConflict('delivery_answered', job.state);
        await shipments.recordChanged(trx, shipmentId);
        return a.outcome === 'confirmed' && onConfirmed ? (await onConfirmed.release(trx, job)) === 'released' : false;
      });
      if (released) onConfirmed?.released();
      return read({ role: 'sender', userId: senderId }, shipmentId);
    },

    /** Issue 23: a problem reported after delivery is the sender's answer to it (in the report's transaction): the money stays held. */
    async recordProblemAnswer(trx: Executor, shipmentId: number, note: string, at: Date): Promise<void> {
      await repo.insertAnswer(trx, { shipmentId, outcome: 'problem', note, answeredAt: at });
    },

    /** Issue 23: the consignment note's entries, for staff's timeline of a problem. */
    async noteEntries(shipmentId: number): Promise<{ seq: number; body: NoteEntryBody; createdAt: Date }[]> {
      return (await repo.entries(db, shipmentId)).map((r) => ({ seq: r.seq, body: r.body as NoteEntryBody, createdAt: r.createdAt }));
    },
  };
}

export type ProofsService = ReturnType<typeof proofsService>;
