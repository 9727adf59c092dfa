import type { PackageCondition, ProofKind } from './proof.ts';

// Issue 21, part 3: the consignment note (CMR, article 6 of the Convention on the Contract for the
// International Carriage of Goods by Road). It is kept as an append-only list of entries: the
// pickup proof adds the note's particulars with the taking over, the delivery proof the delivery.
// The server chains entries by hash and seals each with its key; the PDF is printed from them.

export type NoteParty = { name: string; address: string };
export type NotePlace = { place: string; date: number };
export type NoteSignature = { role: 'sender' | 'carrier' | 'consignee'; name: string; signed_at: number; image_sha256: string | null };

/** Article 6(1) of the CMR: what every consignment note states. */
export type NoteParticulars = {
  /** (a) the date and place at which the note is made out */
  made_out: NotePlace;
  /** (b) the sender */
  sender: NoteParty;
  /** (c) the carrier */
  carrier: NoteParty;
  /** (d) the place and date of taking over the goods and the place designated for delivery */
  taking_over: NotePlace;
  delivery_place: { place: string; date_from: number; date_till: number };
  /** (e) the consignee */
  consignee: NoteParty;
  /** (f) the nature of the goods and the method of packing */
  goods: { description: string; packing: string }[];
  /** (g) the number of packages */
  number_of_packages: number;
  /** (h) the gross weight, kilograms */
  gross_weight_kg: number;
  reference: string;
};

/** The entry the pickup proof adds: the particulars, the state of the goods at taking over and the signatures. */
export type PickupEntryBody = {
  kind: 'pickup';
  particulars: NoteParticulars;
  condition: PackageCondition;
  reservations: string;
  signatures: NoteSignature[];
  position: { lat: number; lng: number; accuracy_m: number };
  photos: number;
};

/** The entry the delivery proof adds: when and where the goods were delivered, their state, the consignee's signature. */
export type DeliveryEntryBody = {
  kind: 'delivery';
  delivered: NotePlace;
  condition: PackageCondition;
  reservations: string;
  signatures: NoteSignature[];
  position: { lat: number; lng: number; accuracy_m: number };
  photos: number;
};

export type NoteEntryBody = PickupEntryBody | DeliveryEntryBody;
export const noteEntryKind = (kind: ProofKind): NoteEntryBody['kind'] => kind;

/** The hash chain starts from this "previous hash". */
export const NOTE_GENESIS_HASH = '0'.repeat(64);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * JSON with object keys sorted at every level and no spaces (RFC 8785 style for our values: only
 * strings, safe integers, finite numbers, booleans and null), so the same entry hashes the same
 * everywhere. Undefined members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  const walk = (v: unknown): Json => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('canonicalJson: not a finite number');
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : walk(x)));
    if (typeof v === 'object') {
      const out: { [k: string]: Json } = {};
      for (const k of Object.keys(v as object).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== undefined) out[k] = walk(x);
      }
      return out;
    }
    throw new Error(`canonicalJson: cannot encode ${typeof v}`);
  };
  return JSON.stringify(walk(value));
}

/** The text of the CMR fields as the PDF prints them (label keys per language live in the server's PDF). */
export const CMR_FIELD_KEYS = [
  'made_out',
  'sender',
  'carrier',
  'taking_over',
  'delivery_place',
  'consignee',
  'goods',
  'number_of_packages',
  'gross_weight',
  'reservations',
  'signatures',
] as const;
