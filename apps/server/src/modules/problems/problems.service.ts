import { randomUUID } from 'node:crypto';
import {
  DELIVERY_ANSWER_WINDOW_SECONDS,
  type DriverProblemRead,
  INSURANCE,
  insuranceCoverCents,
  type Locale,
  type ProblemAnswer,
  type ProblemCase,
  type ProblemDecisionInput,
  type ProblemRead,
  type ProblemReport,
  type ProblemSummary,
  reportableKinds,
  shipmentStateLabel,
  type ShipmentStateName,
  type SenderProblemRead,
  type TimelineEntry,
} from '@vm/domain';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, jobConflict, notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CancellationsService } from '../cancellations/cancellations.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { SettlementService } from '../settlement/settlement.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { type ClaimEvidence, claimZip } from './claim-file.ts';
import { toProblemRead } from './problems.mapper.ts';
import * as repo from './problems.repository.ts';

// Issue 23 part 1, problems and claims (decision 0036). The sender reports a problem with a job
// (within 24 hours of delivery, or a no-show before pickup), per package with photos and words; the
// report holds the money (after delivery it is the sender's answer to it). The job's driver answers
// once with their own evidence. Staff read the whole case (every view audited) and decide with a
// reason both parties receive: release to the driver, refund in part (the rest released to the
// driver at the lower price) or in full, or refer it to the insurance chosen at booking (released to
// the driver; the insurer pays the sender up to the cover). The decision is claimed first, then
// the money moves by idempotent steps (refund under the problem's key, the job's one release), and
// a scheduled run finishes a decision a stopped process left half done.

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  store: FileStore;
  files: Pick<FilesService, 'normalise'>;
  shipments: Pick<ShipmentsService, 'parties' | 'recordChanged' | 'lockJob' | 'withJob' | 'deliveredAt'>;
  proofs: Pick<ProofsService, 'recordProblemAnswer' | 'noteEntries' | 'list' | 'file' | 'notePdf'>;
  settlement: Pick<SettlementService, 'release' | 'releaseRest' | 'facts' | 'finishDelivered'>;
  cancellations: Pick<CancellationsService, 'staffRefund'>;
  ledger: Pick<LedgerService, 'heldFor'>;
  events: EventsService;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
  log: Log;
};

const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);
const euros = (cents: number) => cents / 100;
const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
/** Timeline entries of the chat and positions: a long job's are cut, oldest kept. */
const CHAT_LIMIT = 500;
const POSITION_LIMIT = 500;
const LIST_LIMIT = 200;
const SETTLE_BATCH = 50;
const PHOTO_NAME = /^[0-9a-f-]{36}\.(jpg|png)$/;
/** The words of the staff case's timeline, in the staff member's language. */
const CASE_WORDS: Record<'pickup' | 'delivery' | 'good' | 'reservations' | 'note', Record<Locale, string>> = {
  pickup: { nl: 'Ophalen', fr: 'Enlèvement', en: 'Pickup' },
  delivery: { nl: 'Levering', fr: 'Livraison', en: 'Delivery' },
  good: { nl: 'in goede staat', fr: 'en bon état', en: 'in good condition' },
  reservations: { nl: 'met voorbehoud', fr: 'avec réserves', en: 'with reservations' },
  note: { nl: 'Vrachtbrief, regel', fr: 'Lettre de voiture, entrée', en: 'Consignment note, entry' },
};

export type Uploads = Map<string, Buffer>;

export function problemsService({ db, store, files, shipments, proofs, settlement, cancellations, ledger, events, audit, now, log }: Deps) {
  /** The job if it is the caller's (as its sender, or as its driver); 404 otherwise, before any other check. */
  async function own(role: 'sender' | 'driver', userId: number, shipmentId: number) {
    const p = await shipments.parties(shipmentId);
    if (!p || (role === 'sender' ? p.senderId !== userId : p.driverId !== userId)) throw notFound();
    return p;
  }

  const photoBase = (role: 'sender' | 'driver', shipmentId: number) => (role === 'sender' ? `/api/shipment/${shipmentId}/problem/photo` : `/api/driver/shipment/${shipmentId}/problem/photo`);

  async function readProblem(p: repo.ProblemRow, reference: string, base: string, insurance: keyof typeof INSURANCE): Promise<ProblemRead> {
    return toProblemRead(p, reference, await repo.statements(db, p.id), base, insuranceCoverCents(insurance));
  }

  async function referenceOf(shipmentId: number): Promise<string> {
    return (await repo.caseFacts(db, shipmentId))?.reference ?? '';
  }

  /**
   * Stores a statement's photos (checked and re-encoded), then the rows in `write`'s transaction;
   * the files are removed again if the rows are not written.
   */
  async function withPhotos<T>(shipmentId: number, input: ProblemAnswer, uploads: Uploads, write: (trx: Executor, photos: { packageId: number | null; file: string; contentType: string }[]) => Promise<T>): Promise<T> {
    const known = await repo.packageIds(db, shipmentId);
    if (input.packages.some((p) => !known.includes(p.package_id))) throw new ApiError(400, 'invalid_request', 'proof_package_unknown');
    const wanted = [...input.packages.flatMap((p) => p.photos.map((f) => ({ packageId: p.package_id as number | null, field: f }))), ...input.photos.map((f) => ({ packageId: null, field: f }))];
    const bytes = wanted.map((w) => {
      const data = uploads.get(w.field);
      if (!data) throw new ApiError(400, 'invalid_request', 'file_missing');
      return data;
    });
    const written: string[] = [];
    try {
      const photos: { packageId: number | null; file: string; contentType: string }[] = [];
      for (const [i, w] of wanted.entries()) {
        const img = await files.normalise(bytes[i]!);
        const file = `${randomUUID()}.${img.format === 'png' ? 'png' : 'jpg'}`;
        await store.put(`problems/${shipmentId}/${file}`, img.data);
        written.push(`problems/${shipmentId}/${file}`);
        photos.push({ packageId: w.packageId, file, contentType: img.format === 'png' ? 'image/png' : 'image/jpeg' });
      }
      return await db.transaction().execute((trx) => write(trx, photos));
    } catch (err) {
      await Promise.all(written.map((k) => store.delete(k).catch((e: unknown) => log.warn({ err: e, key: k }, 'could not remove a problem photo'))));
      throw err;
    }
  }

  /** What the sender may report about the job now, read on `executor` (the report reads it again under the job's lock). */
  async function reportable(executor: Executor, job: { state: ShipmentStateName; driverId: number | null; deliveryDateTill: Date }, shipmentId: number, problem: repo.ProblemRow | undefined) {
    const delivered = await shipments.deliveredAt(executor, shipmentId);
    const deliveredS = delivered ? seconds(delivered) : null;
    const kinds =
      job.driverId === null
        ? []
        : reportableKinds({ state: job.state, delivered_at: deliveredS, delivery_till: seconds(job.deliveryDateTill), confirmed: await repo.deliveryConfirmed(executor, shipmentId), reported: Boolean(problem) }, seconds(now()));
    return { kinds, reportBy: deliveredS === null ? null : deliveredS + DELIVERY_ANSWER_WINDOW_SECONDS };
  }

  async function senderView(senderId: number, shipmentId: number): Promise<SenderProblemRead> {
    const p = await own('sender', senderId, shipmentId);
    const problem = await repo.byShipment(db, shipmentId);
    const may = await reportable(db, { state: p.state, driverId: p.driverId, deliveryDateTill: await repo.deliveryTill(db, shipmentId) }, shipmentId, problem);
    return {
      problem: problem ? await readProblem(problem, await referenceOf(shipmentId), photoBase('sender', shipmentId), p.insurance) : null,
      may_report: may.kinds,
      report_by: may.reportBy,
    };
  }

  /** The case as staff read it: the job's facts, the evidence in time order, the positions. */
  async function caseOf(problemId: number, lang: Locale): Promise<ProblemCase> {
    const p = await repo.byId(db, problemId);
    if (!p) throw notFound();
    const f = (await repo.caseFacts(db, p.shipmentId))!;
    const base = `/api/ops/problems/${p.id}/file`;
    const problem = await readProblem(p, f.reference, base, f.insurance);
    const [held, refunded, packages, states, chat, positions, notes] = await Promise.all([
      ledger.heldFor(p.shipmentId),
      repo.refundedCents(db, p.shipmentId),
      repo.packagesOf(db, p.shipmentId),
      repo.states(db, p.shipmentId),
      repo.chat(db, p.shipmentId, CHAT_LIMIT),
      repo.positions(db, p.shipmentId, POSITION_LIMIT),
      proofs.noteEntries(p.shipmentId),
    ]);
    const proofList = f.driver ? await proofs.list({ role: 'driver', userId: f.driver.id }, p.shipmentId) : null;
    const opsUrl = (url: string) => `${base}/${url.split('/').at(-1)}`;
    const timeline: TimelineEntry[] = [
      ...states.map((s) => ({ at: seconds(s.createdAt), kind: 'state' as const, actor: 'system' as const, text: shipmentStateLabel(s.state, lang), photos: [] })),
      ...(proofList?.proofs ?? []).map((pr) => ({
        at: pr.taken_at,
        kind: 'proof' as const,
        actor: 'driver' as const,
        text: `${CASE_WORDS[pr.kind][lang]}: ${pr.signer_name}, ${CASE_WORDS[pr.condition][lang]}${pr.reservations ? `: ${pr.reservations}` : ''} (${pr.lat.toFixed(5)}, ${pr.lng.toFixed(5)} ±${Math.round(pr.accuracy_m)} m)`,
        photos: [...pr.packages.flatMap((pk) => pk.photo_urls.map((u) => ({ url: opsUrl(u), label: `${CASE_WORDS[pr.kind][lang]} #${pk.package_id}` }))), { url: opsUrl(pr.signature_url), label: `${CASE_WORDS[pr.kind][lang]}: ${pr.signer_name}` }],
      })),
      ...notes.map((n) => ({
        at: seconds(n.createdAt),
        kind: 'note' as const,
        actor: 'system' as const,
        text: `${CASE_WORDS.note[lang]} ${n.seq} (${CASE_WORDS[n.body.kind][lang]}): ${CASE_WORDS[n.body.condition][lang]}${n.body.reservations ? `: ${n.body.reservations}` : ''}; ${n.body.signatures.map((s) => s.name).join(', ')}`,
        photos: [],
      })),
      ...chat.map((m) => ({ at: seconds(m.createdAt), kind: 'chat' as const, actor: m.authorId === f.sender.id ? ('sender' as const) : ('driver' as const), text: m.body, photos: [] })),
      ...problem.statements.map((s) => ({ at: s.created_at, kind: 'statement' as const, actor: s.party, text: s.text, photos: s.photos.map((ph) => ({ url: ph.url, label: ph.package_id ? `#${ph.package_id}` : s.party })) })),
      ...(problem.decision ? [{ at: problem.decision.decided_at, kind: 'decision' as const, actor: 'staff' as const, text: `${problem.decision.outcome}: ${problem.decision.reason}`, photos: [] }] : []),
    ].sort((a, b) => a.at - b.at);
    const ins = INSURANCE[f.insurance];
    const person = (x: NonNullable<typeof f.driver>) => ({ id: x.id, name: name(x), email: x.email, phone: x.cellphone || null, company: x.company || null });
    return {
      problem,
      job: {
        shipment_id: f.shipmentId,
        reference: f.reference,
        state: f.state,
        pickup: f.pickup,
        delivery: f.delivery,
        packages: packages.map((pk) => ({ id: pk.id, description: pk.description, type: pk.type })),
        charged: euros(f.chargedCents),
        held: euros(held),
        refunded: euros(refunded),
        insurance: { choice: f.insurance, kind: ins.kind, cover: euros(ins.coverCents) },
        sender: person(f.sender),
        driver: f.driver ? person(f.driver) : { id: 0, name: '', email: '', phone: null, company: null },
      },
      timeline,
      positions: positions.map((x) => ({ at: seconds(x.recordedAt), lat: x.lat, lng: x.lng })),
      note_url: notes.length ? `/api/ops/problems/${p.id}/consignment-note.pdf` : null,
      claim_file_url: ins.kind === 'own_risk' ? null : `/api/ops/problems/${p.id}/claim-file.zip`,
    };
  }

  /**
   * Moves a decision's money (each step once, whoever runs it, each under the job's lock) and then,
   * once nothing is left to move, tells both parties; a delivered job is done with it. A refund the
   * provider has not taken yet leaves the rest to the next run.
   */
  async function settle(problemId: number): Promise<void> {
    const p = await repo.byId(db, problemId);
    if (!p || p.status !== 'decided' || p.settledAt || !p.outcome) return;
    let refunded = 0;
    let released = 0;
    if (p.outcome === 'refund') {
      const r = await cancellations.staffRefund(p.shipmentId, p.refundCents ?? 0, `problem:${p.id}`);
      if ('refused' in r) log.warn({ problemId, refused: r.refused }, 'problem refund refused');
      else refunded = r.refunded;
      const after = await settlement.facts(db, p.shipmentId);
      if (after && after.pendingRefundCents > 0) return;
      // What the refund left goes to the driver, at the lower price it leaves them.
      if (refunded > 0 && after && after.availableCents > 0) {
        const rest = await settlement.releaseRest(p.shipmentId, (trx, driverPriceCents) => repo.setDriverPrice(trx, p.id, driverPriceCents));
        released = rest.releasedCents;
      }
    } else {
      const held = (await settlement.facts(db, p.shipmentId))?.availableCents ?? 0;
      const outcome = await settlement.release(p.shipmentId, 'staff');
      if (outcome === 'released') released = held;
    }
    await shipments.withJob(p.shipmentId, async (job, trx) => {
      if (!(await repo.markSettled(trx, p.id, { refundCents: refunded, releasedCents: released, settledAt: now() }))) return;
      const f = (await repo.caseFacts(trx, p.shipmentId))!;
      const payload = { reference: f.reference, outcome: p.outcome!, refund: euros(refunded), released: euros(released), reason: p.reason ?? '' };
      await events.record(trx, [
        { userId: f.sender.id, type: 'problem.decided', shipmentId: p.shipmentId, payload },
        ...(f.driver ? [{ userId: f.driver.id, type: 'problem.decided' as const, shipmentId: p.shipmentId, payload }] : []),
      ]);
      await settlement.finishDelivered(trx, job);
      await shipments.recordChanged(trx, p.shipmentId);
    });
  }

  return {
    senderView,

    /** POST /api/shipment/{id}/problem */
    async report(senderId: number, shipmentId: number, input: ProblemReport, uploads: Uploads): Promise<ProblemRead> {
      const view = await senderView(senderId, shipmentId);
      const p = (await shipments.parties(shipmentId))!;
      if (!view.may_report.includes(input.kind)) throw jobConflict('problem_not_reportable', p.state);
      const reference = await referenceOf(shipmentId);
      const at = now();
      const id = await withPhotos(shipmentId, input, uploads, async (trx, photos) => {
        // Under the job's lock the report is judged again: a confirmation, a release or another report
        // that came first wins, and once the report is in nothing releases the money until staff decide.
        const job = (await shipments.lockJob(trx, shipmentId))!;
        const may = await reportable(trx, job, shipmentId, await repo.byShipment(trx, shipmentId));
        if (!may.kinds.includes(input.kind) || (await settlement.facts(trx, shipmentId))?.released) throw jobConflict('problem_not_reportable', job.state);
        const problemId = await repo.insertProblem(trx, { shipmentId, kind: input.kind, packageIds: input.packages.map((x) => x.package_id), reportedAt: at });
        if (problemId === null) throw jobConflict('problem_not_reportable', job.state);
        await repo.insertStatement(trx, { problemId, party: 'sender', text: input.text, createdAt: at }, photos);
        // After delivery the report is the sender's answer to it: the money stays held, the timer stops.
        if (may.reportBy !== null) await proofs.recordProblemAnswer(trx, shipmentId, input.text, at);
        await events.record(trx, [{ userId: p.driverId!, type: 'problem.reported', shipmentId, payload: { reference, kind: input.kind } }]);
        await shipments.recordChanged(trx, shipmentId);
        return problemId;
      });
      log.info({ shipmentId, problemId: id, kind: input.kind }, 'problem reported');
      return readProblem((await repo.byId(db, id))!, reference, photoBase('sender', shipmentId), p.insurance);
    },

    /** GET /api/driver/shipment/{id}/problem */
    async driverView(driverId: number, shipmentId: number): Promise<DriverProblemRead> {
      const p = await own('driver', driverId, shipmentId);
      const problem = await repo.byShipment(db, shipmentId);
      if (!problem) return { problem: null, may_answer: false };
      const read = await readProblem(problem, await referenceOf(shipmentId), photoBase('driver', shipmentId), p.insurance);
      return { problem: read, may_answer: problem.status === 'open' && !read.statements.some((s) => s.party === 'driver') };
    },

    /** POST /api/driver/shipment/{id}/problem: the driver's statement, once, while the problem is open. */
    async answer(driverId: number, shipmentId: number, input: ProblemAnswer, uploads: Uploads): Promise<ProblemRead> {
      const p = await own('driver', driverId, shipmentId);
      const problem = await repo.byShipment(db, shipmentId);
      if (!problem) throw notFound();
      if (problem.status !== 'open') throw jobConflict('problem_not_open', p.state);
      const reference = await referenceOf(shipmentId);
      const at = now();
      await withPhotos(shipmentId, input, uploads, async (trx, photos) => {
        const id = await repo.insertStatement(trx, { problemId: problem.id, party: 'driver', text: input.text, createdAt: at }, photos);
        if (id === null) throw jobConflict('problem_answered', p.state);
        await events.record(trx, [{ userId: p.senderId, type: 'problem.answered', shipmentId, payload: { reference } }]);
        await shipments.recordChanged(trx, shipmentId);
      });
      return readProblem((await repo.byId(db, problem.id))!, reference, photoBase('driver', shipmentId), p.insurance);
    },

    /** A statement's photo for the job's sender or driver (anyone else, and any other name: 404). */
    async photo(role: 'sender' | 'driver', userId: number, shipmentId: number, file: string): Promise<{ data: Buffer; contentType: string }> {
      await own(role, userId, shipmentId);
      const row = await repo.photoOf(db, shipmentId, file);
      const data = row && (await store.get(`problems/${shipmentId}/${row.file}`));
      if (!row || !data) throw notFound();
      return { data, contentType: row.contentType };
    },

    /** GET /api/ops/problems */
    async list(status: 'open' | 'decided'): Promise<{ problems: ProblemSummary[] }> {
      const rows = await repo.list(db, status, LIST_LIMIT);
      const held = await Promise.all(rows.map((r) => ledger.heldFor(r.shipmentId)));
      return {
        problems: rows.map((r, i) => ({ id: r.id, shipment_id: r.shipmentId, reference: r.reference, kind: r.kind, status: r.status, reported_at: seconds(r.reportedAt), sender_name: r.senderName, driver_name: r.driverName, held: euros(held[i]!), answered: r.answered })),
      };
    },

    /** GET /api/ops/problems/{id}: the case; the view of its personal data is audited. */
    async view(staffId: number, problemId: number, lang: Locale): Promise<ProblemCase> {
      const c = await caseOf(problemId, lang);
      await db.transaction().execute((trx) => audit.record(trx, { staffId, action: 'problem.viewed', subjectType: 'shipment', subjectId: c.job.shipment_id, details: { problem_id: problemId } }));
      return c;
    },

    /** A photo of the case: a statement's, or a proof's (photo or signature) of the same job. */
    async file(problemId: number, file: string): Promise<{ data: Buffer; contentType: string }> {
      const p = await repo.byId(db, problemId);
      if (!p || !PHOTO_NAME.test(file)) throw notFound();
      const row = await repo.photoOf(db, p.shipmentId, file);
      if (row) {
        const data = await store.get(`problems/${p.shipmentId}/${row.file}`);
        if (data) return { data, contentType: row.contentType };
        throw notFound();
      }
      const parties = await shipments.parties(p.shipmentId);
      if (!parties) throw notFound();
      return proofs.file({ role: 'sender', userId: parties.senderId }, p.shipmentId, file);
    },

    async notePdf(problemId: number, lang: Locale): Promise<Buffer> {
      const p = await repo.byId(db, problemId);
      const parties = p && (await shipments.parties(p.shipmentId));
      if (!p || !parties) throw notFound();
      return proofs.notePdf({ role: 'sender', userId: parties.senderId }, p.shipmentId, lang);
    },

    /** The insurance claim file (PDF and the evidence, one ZIP) of an insured job; audited. */
    async claimFile(staffId: number, problemId: number, lang: Locale): Promise<{ zip: Buffer; reference: string }> {
      const c = await caseOf(problemId, lang);
      if (c.claim_file_url === null) throw notFound();
      const evidence: ClaimEvidence[] = [];
      if (c.note_url) evidence.push({ name: 'consignment-note.pdf', data: await this.notePdf(problemId, lang) });
      const photos = [...c.problem.statements.flatMap((s) => s.photos.map((ph, i) => ({ url: ph.url, name: `statements/${s.party}-${i + 1}` }))), ...c.timeline.filter((t) => t.kind === 'proof').flatMap((t) => t.photos.map((ph, i) => ({ url: ph.url, name: `proofs/${t.text.split(':')[0]}-${i + 1}` })))];
      for (const ph of photos) {
        const file = ph.url.split('/').at(-1)!;
        const got = await this.file(problemId, file);
        evidence.push({ name: `${ph.name}.${file.split('.').at(-1)}`, data: got.data });
      }
      const chat = c.timeline.filter((t) => t.kind === 'chat').map((t) => `${new Date(t.at * 1000).toISOString()} ${t.actor}: ${t.text}`);
      evidence.push({ name: 'chat.txt', data: Buffer.from(chat.join('\n') + '\n') });
      evidence.push({ name: 'timeline.json', data: Buffer.from(JSON.stringify({ timeline: c.timeline, positions: c.positions }, null, 2)) });
      const zip = await claimZip(c, evidence, lang);
      await db.transaction().execute((trx) => audit.record(trx, { staffId, action: 'problem.claim_file', subjectType: 'shipment', subjectId: c.job.shipment_id, details: { problem_id: problemId } }));
      return { zip, reference: c.job.reference };
    },

    /** POST /api/ops/problems/{id}/decision (finance and admins, by the contract's roles). */
    async decide(staffId: number, problemId: number, d: ProblemDecisionInput, lang: Locale): Promise<ProblemCase> {
      const p = await repo.byId(db, problemId);
      if (!p) throw notFound();
      const refundCents = d.outcome === 'refund' ? Math.round((d.refund ?? 0) * 100) : null;
      await shipments.withJob(p.shipmentId, async (job, trx) => {
        // Read again under the job's lock: another decision may have come first.
        if ((await repo.byId(trx, problemId))?.status !== 'open') throw jobConflict('problem_not_open', job.state);
        if (d.outcome === 'insurance' && INSURANCE[job.insurance].kind === 'own_risk') throw jobConflict('insurance_not_covered', job.state);
        const held = (await settlement.facts(trx, p.shipmentId))?.availableCents ?? 0;
        if (refundCents !== null && refundCents > held) throw jobConflict('refund_too_much', job.state);
        if (!(await repo.decide(trx, p.id, { outcome: d.outcome, reason: d.reason, refundCents, decidedBy: staffId, decidedAt: now() }))) throw jobConflict('problem_not_open', job.state);
        await audit.record(trx, { staffId, action: 'problem.decided', subjectType: 'shipment', subjectId: p.shipmentId, reason: d.reason, details: { problem_id: p.id, outcome: d.outcome, refund_cents: refundCents, held_cents: held } });
      });
      await settle(p.id).catch((err: unknown) => log.error({ err, problemId }, 'the decision was taken; its money moves with the next run'));
      return caseOf(p.id, lang);
    },

    /** The scheduled run: decisions whose money did not move yet (a process stopped in between). */
    async settleDecided(): Promise<number> {
      const ids = await repo.unsettled(db, SETTLE_BATCH);
      for (const id of ids) await settle(id).catch((err: unknown) => log.error({ err, problemId: id }, 'problem decision not settled; the next run tries again'));
      return ids.length;
    },
  };
}

export type ProblemsService = ReturnType<typeof problemsService>;
