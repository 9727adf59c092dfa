import type { ProofKind } from '@vm/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Proofs, their photos, the consignment note's entries, the sender's answer after delivery and the
// server's sealing key. The note's particulars are this module's own read of the shipment, its
// parties and packages (as price-band reads offers): they are copied into the sealed entry once.

export type ProofRow = {
  id: number;
  shipmentId: number;
  driverId: number;
  kind: ProofKind;
  clientId: string;
  signerName: string;
  condition: 'good' | 'reservations';
  reservations: string;
  takenAt: Date;
  lat: number;
  lng: number;
  accuracyM: number;
  signatureKey: string;
  createdAt: Date;
};
export type ProofPhotoRow = { proofId: number; packageId: number; fileKey: string; position: number };
export type NewProof = Omit<ProofRow, 'id'>;

export async function byClientId(db: Executor, clientId: string): Promise<ProofRow | null> {
  return (await db.selectFrom('proofs').selectAll().where('clientId', '=', clientId).executeTakeFirst()) ?? null;
}

export async function byKind(db: Executor, shipmentId: number, kind: ProofKind): Promise<ProofRow | null> {
  return (await db.selectFrom('proofs').selectAll().where('shipmentId', '=', shipmentId).where('kind', '=', kind).executeTakeFirst()) ?? null;
}

export async function list(db: Executor, shipmentId: number): Promise<{ proofs: ProofRow[]; photos: ProofPhotoRow[] }> {
  const proofs = await db.selectFrom('proofs').selectAll().where('shipmentId', '=', shipmentId).orderBy('id').execute();
  const photos = proofs.length
    ? await db.selectFrom('proofPhotos').selectAll().where('proofId', 'in', proofs.map((p) => p.id)).orderBy('packageId').orderBy('position').execute()
    : [];
  return { proofs, photos };
}

/** Inserts the proof unless one with its client id or for its (shipment, kind) exists; null then. */
export async function insert(db: Executor, p: NewProof, photos: { packageId: number; fileKey: string; position: number }[]): Promise<number | null> {
  const row = await db.insertInto('proofs').values(p).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  if (!row) return null;
  if (photos.length) await db.insertInto('proofPhotos').values(photos.map((ph) => ({ ...ph, proofId: row.id }))).execute();
  return row.id;
}

/** Whether a stored file key is a photo or signature of one of the shipment's proofs. */
export async function fileOfShipment(db: Executor, shipmentId: number, key: string): Promise<boolean> {
  const sig = await db.selectFrom('proofs').select('id').where('shipmentId', '=', shipmentId).where('signatureKey', '=', key).executeTakeFirst();
  if (sig) return true;
  const photo = await db
    .selectFrom('proofPhotos as ph')
    .innerJoin('proofs as p', 'p.id', 'ph.proofId')
    .select('ph.proofId')
    .where('p.shipmentId', '=', shipmentId)
    .where('ph.fileKey', '=', key)
    .executeTakeFirst();
  return Boolean(photo);
}

export async function packageIds(db: Executor, shipmentId: number): Promise<number[]> {
  const rows = await db.selectFrom('packages').select('id').where('shipmentId', '=', shipmentId).orderBy('position').execute();
  return rows.map((r) => r.id);
}

export type NoteFacts = {
  reference: string;
  sender: { firstName: string; lastName: string; address: string; company: { name: string; address: string } | null };
  carrier: { firstName: string; lastName: string; address: string; companyName: string | null };
  pickup: { street: string; number: string; box: string; zip: string; city: string; country: string; name: string };
  delivery: { street: string; number: string; box: string; zip: string; city: string; country: string; name: string; dateFrom: Date; dateTill: Date };
  packages: { type: string; description: string; palletType: string | null; weight: number }[];
};

export async function noteFacts(db: Executor, shipmentId: number): Promise<NoteFacts | null> {
  const s = await db
    .selectFrom('shipments as s')
    .innerJoin('users as u', 'u.id', 's.senderId')
    .leftJoin('companies as c', 'c.userId', 's.senderId')
    .innerJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .innerJoin('users as d', 'd.id', 'o.driverId')
    .leftJoin('driverProfiles as dp', 'dp.userId', 'o.driverId')
    .select([
      's.referenceId',
      'u.firstName as senderFirst',
      'u.lastName as senderLast',
      'u.addressFormatted as senderAddress',
      'c.name as companyName',
      'c.address as companyAddress',
      'd.firstName as driverFirst',
      'd.lastName as driverLast',
      'd.addressFormatted as driverAddress',
      'dp.companyName as driverCompany',
      's.pickupStreet',
      's.pickupNumber',
      's.pickupBox',
      's.pickupZip',
      's.pickupCity',
      's.pickupCountry',
      's.pickupName',
      's.deliveryStreet',
      's.deliveryNumber',
      's.deliveryBox',
      's.deliveryZip',
      's.deliveryCity',
      's.deliveryCountry',
      's.deliveryName',
      's.deliveryDateFrom',
      's.deliveryDateTill',
    ])
    .where('s.id', '=', shipmentId)
    .executeTakeFirst();
  if (!s) return null;
  const packages = await db.selectFrom('packages').select(['type', 'description', 'palletType', 'weight']).where('shipmentId', '=', shipmentId).orderBy('position').execute();
  return {
    reference: s.referenceId,
    sender: {
      firstName: s.senderFirst,
      lastName: s.senderLast,
      address: s.senderAddress,
      company: s.companyName ? { name: s.companyName, address: s.companyAddress ?? '' } : null,
    },
    carrier: { firstName: s.driverFirst, lastName: s.driverLast, address: s.driverAddress, companyName: s.driverCompany || null },
    pickup: { street: s.pickupStreet, number: s.pickupNumber, box: s.pickupBox, zip: s.pickupZip, city: s.pickupCity, country: s.pickupCountry, name: s.pickupName },
    delivery: {
      street: s.deliveryStreet,
      number: s.deliveryNumber,
      box: s.deliveryBox,
      zip: s.deliveryZip,
      city: s.deliveryCity,
      country: s.deliveryCountry,
      name: s.deliveryName,
      dateFrom: s.deliveryDateFrom,
      dateTill: s.deliveryDateTill,
    },
    packages: packages.map((p) => ({ type: p.type, description: p.description, palletType: p.palletType, weight: p.weight })),
  };
}

export type NoteEntryRow = { shipmentId: number; seq: number; kind: string; body: unknown; prevHash: string; hash: string; jws: string; createdAt: Date };

export async function entries(db: Executor, shipmentId: number): Promise<NoteEntryRow[]> {
  // The body is read as text: the camel-case plugin would rename the keys of a jsonb object (and so change its hash).
  const rows = await db
    .selectFrom('noteEntries')
    .select(['shipmentId', 'seq', 'kind', sql<string>`body::text`.as('bodyText'), 'prevHash', 'hash', 'jws', 'createdAt'])
    .where('shipmentId', '=', shipmentId)
    .orderBy('seq')
    .execute();
  return rows.map(({ bodyText, ...r }) => ({ ...r, body: JSON.parse(bodyText) as unknown }));
}

export async function lastEntry(db: Executor, shipmentId: number): Promise<{ seq: number; hash: string } | null> {
  return (await db.selectFrom('noteEntries').select(['seq', 'hash']).where('shipmentId', '=', shipmentId).orderBy('seq', 'desc').limit(1).executeTakeFirst()) ?? null;
}

export async function insertEntry(db: Executor, e: Omit<NoteEntryRow, 'body'> & { body: string }): Promise<void> {
  await db.insertInto('noteEntries').values(e).execute();
}


export async function answer(db: Executor, shipmentId: number): Promise<{ outcome: 'confirmed' | 'problem'; note: string; answeredAt: Date } | null> {
  return (await db.selectFrom('deliveryAnswers').select(['outcome', 'note', 'answeredAt']).where('shipmentId', '=', shipmentId).executeTakeFirst()) ?? null;
}

/** Stores the sender's answer once; false when one was given already. */
export async function insertAnswer(db: Executor, a: { shipmentId: number; outcome: 'confirmed' | 'problem'; note: string; answeredAt: Date }): Promise<boolean> {
  const row = await db.insertInto('deliveryAnswers').values(a).onConflict((oc) => oc.column('shipmentId').doNothing()).returning('shipmentId').executeTakeFirst();
  return Boolean(row);
}

/** The named key, made by the first process that needs it (later ones read the same). */
export async function serverKey(db: Executor, name: string, make: () => Promise<string>, now: Date): Promise<string> {
  const found = await db.selectFrom('serverKeys').select('privateJwk').where('name', '=', name).executeTakeFirst();
  if (found) return found.privateJwk;
  await db.insertInto('serverKeys').values({ name, privateJwk: await make(), createdAt: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('serverKeys').select('privateJwk').where('name', '=', name).executeTakeFirstOrThrow();
  return row.privateJwk;
}
