import { randomUUID } from 'node:crypto';
import {
  addDays,
  bidBlock,
  type BidBlock,
  DOCUMENT_FILE,
  documentUploadSchema,
  type DriverDecision,
  type DriverDocumentKind,
  type DriverDocumentRead,
  type DriverProfileRead,
  type DriverRegistration,
  type DriverReview,
  EXPIRY_NOTICE_DAYS,
  expiryNoticeDue,
  localParts,
  type Locale,
  requiredDocuments,
  type VehicleInput,
  type VehicleRead,
  type LoadSummary,
  type VehicleType,
  vehicleFits,
} from '@vm/domain';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, fieldError, notFound } from '../../lib/errors.ts';
import { parseBody } from '../../lib/validate.ts';
import type { EventsService } from '../events/events.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { toDocument, toDriverProfile, toVehicle, toVehicleInput, vehicleValues } from './driver-accounts.mapper.ts';
import * as repo from './driver-accounts.repository.ts';
import { staffMadeDriver } from './staff-made-drivers.ts';

type Deps = {
  db: Db;
  users: Pick<UsersService, 'register' | 'checkVatRegistered'>;
  events: EventsService;
  store: FileStore;
  now: () => Date;
  /** Issue 22: the platform's commission, told to drivers with their profile. */
  commissionPercent: number;
};

/** Documents are judged by the Belgian calendar day: valid through the day they state. */
const BELGIAN_TIME = 'Europe/Brussels';

/** What the first bytes say a file is; anything else is refused whatever its name or header claims. */
function sniff(data: Buffer): (typeof DOCUMENT_FILE.types)[number] | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** The newest version of each kind that still counts for asking staff (waiting or accepted, not expired). */
function missingDocuments(vehicles: repo.VehicleRow[], docs: repo.DocumentRow[], today: string): DriverDocumentKind[] {
  const held = new Set(docs.filter((d) => d.status !== 'refused' && d.expires >= today).map((d) => d.kind));
  return requiredDocuments(vehicles.map(toVehicleInput)).filter((k) => !held.has(k));
}

/** Why this vehicle cannot be offered with today, or null (the domain's bidBlock on what is stored). */
function blockOf(profile: repo.DriverProfileRow | undefined, vehicle: repo.VehicleRow, docs: repo.DocumentRow[], today: string): BidBlock | null {
  const accepted = docs.filter((d) => d.status === 'accepted').map((d) => ({ kind: d.kind, expires: d.expires }));
  return bidBlock({ approved: profile?.status === 'approved', documents: accepted }, toVehicleInput(vehicle), today);
}

/**
 * Drivers joining (issue 21, part 1): the account as a sender's (phone verified, welcome mail) with
 * the driver's role and business details; their vehicles and documents (private files); asking
 * staff to verify and staff's decision; and who may bid with which vehicle.
 */
export function driverAccountsService({ db, users, events, store, now, commissionPercent }: Deps) {
  const today = () => localParts(now(), BELGIAN_TIME).date;

  async function profile(userId: number): Promise<DriverProfileRead | null> {
    const row = await repo.findProfile(db, userId);
    if (!row) return null;
    const [vehicles, docs] = await Promise.all([repo.vehicles(db, userId), repo.documents(db, userId)]);
    return toDriverProfile(row, vehicles.length, missingDocuments(vehicles, docs, today()), commissionPercent);
  }

  /** The driver as staff review them; how often they gave jobs back comes from the cancellations module (driver-review adds it). */
  async function review(driverId: number): Promise<Omit<DriverReview, 'given_back'>> {
    const [row, who, vehicles, docs] = await Promise.all([repo.findProfile(db, driverId), repo.person(db, driverId), repo.vehicles(db, driverId), repo.documents(db, driverId)]);
    if (!row || !who) throw notFound();
    const pending = docs.filter((d) => d.status === 'pending');
    const since = row.status === 'pending' || pending.length === 0 ? row.updatedAt : pending.map((d) => d.uploadedAt).sort((a, b) => a.getTime() - b.getTime())[0]!;
    return {
      id: driverId,
      name: `${who.firstName} ${who.lastName}`.trim(),
      email: who.email,
      phone: who.cellphone,
      locale: who.locale,
      kind: row.kind,
      company_name: row.companyName,
      status: row.status,
      waiting_since: Math.floor(since.getTime() / 1000),
      documents_pending: pending.length,
      profile: toDriverProfile(row, vehicles.length, missingDocuments(vehicles, docs, today()), commissionPercent),
      vehicles: vehicles.map(toVehicle),
      documents: docs.map(toDocument),
      required: requiredDocuments(vehicles.map(toVehicleInput)),
    };
  }

  async function documentBytes(driverId: number, documentId: number): Promise<{ data: Buffer; contentType: string; kind: DriverDocumentKind }> {
    const doc = await repo.findDocument(db, driverId, documentId);
    const data = doc ? await store.get(doc.fileKey) : null;
    if (!doc || !data) throw notFound();
    return { data, contentType: doc.contentType, kind: doc.kind };
  }

  return {
    async register(input: DriverRegistration, locale: Locale): Promise<{ id: number }> {
      const { driver } = input;
      // Checked in VIES as a sender's company number is (the schema checked its format).
      if (driver.vat) await users.checkVatRegistered(driver.vat, 'driver.vat');
      return users.register(
        input,
        locale,
        async (trx, userId) => {
          const at = now();
          await repo.insertProfile(trx, {
            userId,
            kind: driver.kind,
            companyName: driver.company_name,
            companyNumber: driver.company_number,
            vat: driver.vat,
            vatExempt: driver.vat_exempt,
            iban: driver.iban,
            status: 'incomplete',
            refusalReason: null,
            // The schema refuses a registration without it: the moment is the agreement's date.
            selfBillingAcceptedAt: driver.self_billing_accepted ? at : null,
            createdAt: at,
            updatedAt: at,
          });
        },
        'driver',
      );
    },

    /** The driver's own details, where verification stands and what is still missing; null for a driver made before verification existed. */
    profile,

    /** A driver who joined before the self-billing agreement existed accepts it; accepting again keeps the first moment. */
    async acceptSelfBilling(driverId: number): Promise<DriverProfileRead> {
      if (!(await repo.acceptSelfBilling(db, driverId, now()))) throw new ApiError(409, 'conflict', 'driver_profile_missing');
      return (await profile(driverId))!;
    },

    async vehicles(driverId: number): Promise<VehicleRead[]> {
      return (await repo.vehicles(db, driverId)).map(toVehicle);
    },

    async addVehicle(driverId: number, input: VehicleInput): Promise<VehicleRead> {
      return toVehicle(await repo.insertVehicle(db, driverId, vehicleValues(input), now()));
    },

    async updateVehicle(driverId: number, id: number, input: VehicleInput): Promise<VehicleRead> {
      const row = await repo.updateVehicle(db, driverId, id, vehicleValues(input));
      if (!row) throw notFound();
      return toVehicle(row);
    },

    async removeVehicle(driverId: number, id: number): Promise<void> {
      if (!(await repo.removeVehicle(db, driverId, id, now()))) throw notFound();
    },

    async documents(driverId: number): Promise<{ documents: DriverDocumentRead[]; required: DriverDocumentKind[] }> {
      const [vehicles, docs] = await Promise.all([repo.vehicles(db, driverId), repo.documents(db, driverId)]);
      return { documents: docs.map(toDocument), required: requiredDocuments(vehicles.map(toVehicleInput)) };
    },

    /**
     * Keeps a document: the file checked by its bytes (PDF, JPEG or PNG, at most 10 MB), stored
     * privately, then the row; a version waits for staff. An expired document is refused at once.
     */
    async uploadDocument(driverId: number, content: unknown, files: Map<string, Buffer>): Promise<DriverDocumentRead> {
      const input = parseBody(documentUploadSchema, content);
      if (input.expires < today()) throw fieldError('expires', 'document_expired');
      const data = files.get(input.file);
      if (!data || data.length === 0) throw fieldError('file', 'file_missing');
      if (data.length > DOCUMENT_FILE.maxBytes) throw new ApiError(413, 'payload_too_large', 'file_too_large');
      const contentType = sniff(data);
      if (!contentType) throw fieldError('file', 'document_type');
      const fileKey = `documents/${driverId}/${randomUUID()}`;
      // The file first: a row never points at nothing (a file without a row costs only disk).
      await store.put(fileKey, data);
      const row = await repo.insertDocument(db, { driverId, kind: input.kind, expires: input.expires, fileKey, contentType, sizeBytes: data.length, status: 'pending', uploadedAt: now(), reviewedAt: null });
      return toDocument(row);
    },

    /** The driver's own file; another driver's is a 404. */
    documentFile: documentBytes,

    /** Asks staff to verify; refused with what is missing while a vehicle or a document is. */
    async askVerification(driverId: number): Promise<DriverProfileRead> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.lockProfile(trx, driverId);
        if (!row) throw new ApiError(409, 'conflict', 'driver_profile_missing');
        if (row.status === 'pending' || row.status === 'approved') return;
        const [vehicles, docs] = await Promise.all([repo.vehicles(trx, driverId), repo.documents(trx, driverId)]);
        if (vehicles.length === 0) throw new ApiError(409, 'conflict', 'vehicle_missing');
        if (missingDocuments(vehicles, docs, today()).length > 0) throw new ApiError(409, 'conflict', 'documents_missing');
        await repo.setStatus(trx, driverId, { status: 'pending', refusalReason: null, updatedAt: now() });
      });
      return (await profile(driverId))!;
    },

    // Staff's side (apps/ops). Callers (the ops routes) check the staff member's role and write the audit entry.

    async reviewQueue(limit = 100): Promise<Omit<DriverReview, 'phone' | 'locale' | 'profile' | 'vehicles' | 'documents' | 'required' | 'given_back'>[]> {
      const rows = await repo.queue(db, limit);
      return rows.map((r) => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        kind: r.kind,
        company_name: r.companyName,
        status: r.status,
        waiting_since: Math.floor(new Date(r.waitingSince).getTime() / 1000),
        documents_pending: r.documentsPending,
      }));
    },

    review,

    /** A driver's document file for staff; 404 unless it is that driver's. */
    reviewDocumentFile: documentBytes,

    /**
     * Staff approve a driver (their waiting documents are accepted) or refuse them with a reason the
     * driver reads; the driver is told by an event in the same transaction. `trx` lets the caller
     * commit its audit entry with the decision.
     */
    async decide(trx: Executor, driverId: number, decision: DriverDecision): Promise<void> {
      const row = await repo.lockProfile(trx, driverId);
      if (!row) throw notFound();
      // Staff decide on a driver who asked, or on a renewal of an approved one.
      const docs = await repo.documents(trx, driverId);
      const waiting = row.status === 'pending' || (row.status === 'approved' && docs.some((d) => d.status === 'pending'));
      if (!waiting) throw new ApiError(409, 'conflict', 'driver_not_waiting');
      const at = now();
      if (decision.decision === 'approve') {
        await repo.reviewPending(trx, driverId, 'accepted', at);
        await repo.setStatus(trx, driverId, { status: 'approved', refusalReason: null, updatedAt: at });
      } else {
        await repo.reviewPending(trx, driverId, 'refused', at);
        // A refused renewal leaves an approved driver approved: the older version counts until it expires.
        if (row.status === 'pending') await repo.setStatus(trx, driverId, { status: 'refused', refusalReason: decision.reason, updatedAt: at });
      }
      await events.record(trx, [
        {
          userId: driverId,
          type: 'driver.verification.decided',
          shipmentId: null,
          payload: decision.decision === 'approve' ? { approved: true, reason: null } : { approved: false, reason: decision.reason },
        },
      ]);
    },

    /**
     * The vehicle a driver offers with: the one named, or their first one that carries the load and
     * may bid. Refused with the reason when none does: too small for the load, or (bidBlock) not
     * approved, a document missing or expired, a transport licence missing or expired.
     */
    async bidVehicle(trx: Executor, driverId: number, vehicleId: number | undefined, load: LoadSummary): Promise<number> {
      const [row, vehicles, docs] = await Promise.all([repo.findProfile(trx, driverId), repo.vehicles(trx, driverId), repo.documents(trx, driverId)]);
      const named = vehicleId === undefined ? vehicles : vehicles.filter((v) => v.id === vehicleId);
      if (named.length === 0) throw new ApiError(409, 'conflict', vehicleId === undefined ? 'vehicle_missing' : 'vehicle_unknown');
      const candidates = named.filter((v) => vehicleFits(toVehicleInput(v), load));
      if (candidates.length === 0) throw new ApiError(409, 'conflict', 'vehicle_too_small');
      const day = today();
      const blocks = candidates.map((v) => ({ v, block: blockOf(row, v, docs, day) }));
      const free = blocks.find((b) => b.block === null);
      if (free) return free.v.id;
      throw new ApiError(409, 'conflict', `bid_${blocks[0]!.block!.reason}`);
    },

    /**
     * Staff-made drivers (the admin command, the demo drivers) are verified by whoever made them:
     * an approved profile, the vehicle, and accepted documents valid for a year, so they bid at once.
     */
    async seedVerified(driverId: number, made: { type: VehicleType; name: string }): Promise<void> {
      const seed = staffMadeDriver(driverId, made.type, made.name);
      const at = now();
      const expires = addDays(today(), 365);
      await db.transaction().execute(async (trx) => {
        await repo.upsertProfile(trx, {
          userId: driverId,
          kind: 'person',
          companyName: '',
          companyNumber: seed.companyNumber,
          vat: `BE${seed.companyNumber}`,
          vatExempt: false,
          iban: seed.iban,
          status: 'approved',
          refusalReason: null,
          // Whoever made the driver agreed to self-billing for them (issue 22): their jobs are invoiced like anyone's.
          selfBillingAcceptedAt: at,
          createdAt: at,
          updatedAt: at,
        });
        const vehicle = { ...seed.vehicle, licence_expires: seed.vehicle.licence_number ? expires : '' };
        const values = vehicleValues(vehicle);
        const current = await repo.vehicles(trx, driverId);
        if (current[0]) await repo.updateVehicle(trx, driverId, current[0].id, values);
        else await repo.insertVehicle(trx, driverId, values, at);
        const held = new Set((await repo.documents(trx, driverId)).filter((d) => d.status === 'accepted' && d.expires >= today()).map((d) => d.kind));
        for (const kind of requiredDocuments([vehicle])) {
          if (held.has(kind)) continue;
          const fileKey = `documents/${driverId}/${randomUUID()}`;
          await store.put(fileKey, seed.document);
          await repo.insertDocument(trx, { driverId, kind, expires, fileKey, contentType: 'application/pdf', sizeBytes: seed.document.length, status: 'accepted', uploadedAt: at, reviewedAt: at });
        }
      });
    },

    /** The daily check: each accepted document is announced 30 and 7 days before it expires, once per notice. */
    async announceExpiries(): Promise<number> {
      const day = today();
      const docs = await repo.expiringDocuments(db, addDays(day, Math.max(...EXPIRY_NOTICE_DAYS)));
      let told = 0;
      for (const d of docs) {
        const due = expiryNoticeDue(d.expires, day);
        if (due === null || d.sent.includes(due)) continue;
        await db.transaction().execute(async (trx) => {
          if (!(await repo.markNotice(trx, d.id, due, now()))) return;
          await events.record(trx, [{ userId: d.driverId, type: 'driver.document.expiring', shipmentId: null, payload: { kind: d.kind, expires: d.expires, days: due } }]);
          told++;
        });
      }
      return told;
    },
  };
}

export type DriverAccountsService = ReturnType<typeof driverAccountsService>;
