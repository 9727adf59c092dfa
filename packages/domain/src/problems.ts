import { z } from 'zod';
import { INSURANCE, type InsuranceChoice, INSURANCE_CHOICES } from './insurance.ts';
import { DELIVERY_ANSWER_WINDOW_SECONDS } from './proof.ts';
import { MAX_PACKAGES } from './shipment.ts';
import { SHIPMENT_STATE, type ShipmentStateName } from './shipment-states.ts';
import { lineText, multilineText, rowIdSchema } from './wire.ts';

// Issue 23 part 1: problems and claims. The sender reports a problem with a job (per package, with
// photos and words); the driver answers with their own evidence; staff read the whole timeline and
// decide: release the money to the driver, refund the sender in part or in full, or refer the
// damage to the insurance. The money stays held until they do (decision 0036).

export const PROBLEM_KINDS = ['damage', 'loss', 'lateness', 'no_show', 'other'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** Kinds about goods: they name the packages concerned. */
export const PACKAGE_PROBLEM_KINDS: readonly ProblemKind[] = ['damage', 'loss'];

export const PROBLEM_OUTCOMES = ['release', 'refund', 'insurance'] as const;
export type ProblemOutcome = (typeof PROBLEM_OUTCOMES)[number];

export const MAX_PROBLEM_PHOTOS = 10;
/** All photos of one statement together (the apps shrink photos before upload). */
export const MAX_PROBLEM_BYTES = 40 * 1024 * 1024;
export const MIN_PROBLEM_TEXT = 10;
export const MAX_PROBLEM_TEXT = 2000;
export const MIN_DECISION_REASON = 20;

/**
 * Which kinds the sender may report now: within 24 hours of delivery, any kind (and not after
 * confirming the delivery); before the goods are on board, a no-show at any time; goods on board
 * past the end of the delivery window, what a job that never arrives can be (lost, late, other).
 * Nothing twice.
 */
export function reportableKinds(j: { state: ShipmentStateName; delivered_at: number | null; delivery_till: number; confirmed: boolean; reported: boolean }, nowSeconds: number): ProblemKind[] {
  if (j.reported || j.confirmed) return [];
  // Before the goods are on board, a driver who never came is a no-show.
  const window = SHIPMENT_STATE[j.state].problem;
  if (window === 'no_show') return ['no_show'];
  if (j.delivered_at !== null) return nowSeconds < j.delivered_at + DELIVERY_ANSWER_WINDOW_SECONDS ? [...PROBLEM_KINDS] : [];
  if (window === 'overdue' && nowSeconds >= j.delivery_till) return ['loss', 'lateness', 'other'];
  return [];
}

/** What the insurance chosen at booking covers, in cents (0 = own risk: nothing to refer). */
export const insuranceCoverCents = (choice: InsuranceChoice): number => INSURANCE[choice].coverCents;

const fieldName = lineText(100).min(1, 'required');
const statementFields = {
  text: multilineText(MAX_PROBLEM_TEXT).min(MIN_PROBLEM_TEXT, 'problem_text_too_short'),
  /** Photos per package concerned, as file field names of the same multipart request. */
  packages: z
    .array(z.object({ package_id: rowIdSchema, photos: z.array(fieldName).max(MAX_PROBLEM_PHOTOS, 'problem_too_many_photos').default([]) }), { error: 'invalid_body' })
    .max(MAX_PACKAGES, 'too_long')
    .default([]),
  /** Photos not of one package (the van, the address, a message). */
  photos: z.array(fieldName).max(MAX_PROBLEM_PHOTOS, 'problem_too_many_photos').default([]),
};

function checkPhotos(v: { packages: { package_id: number; photos: string[] }[]; photos: string[] }, ctx: z.RefinementCtx) {
  const names = [...v.packages.flatMap((p) => p.photos), ...v.photos];
  if (names.length > MAX_PROBLEM_PHOTOS) ctx.addIssue({ code: 'custom', path: ['photos'], message: 'problem_too_many_photos' });
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['photos'], message: 'invalid_body' });
  const ids = v.packages.map((p) => p.package_id);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['packages'], message: 'invalid_body' });
}

/** The `content` field of POST /api/shipment/{id}/problem; photos come as files under the names given. */
export const problemReportSchema = z
  .object({ kind: z.enum(PROBLEM_KINDS, { error: 'invalid_body' }), ...statementFields })
  .superRefine((v, ctx) => {
    checkPhotos(v, ctx);
    if (PACKAGE_PROBLEM_KINDS.includes(v.kind) && v.packages.length === 0) ctx.addIssue({ code: 'custom', path: ['packages'], message: 'problem_package_required' });
  });
export type ProblemReport = z.infer<typeof problemReportSchema>;

/** The `content` field of the driver's answer (POST /api/driver/shipment/{id}/problem). */
export const problemAnswerSchema = z.object(statementFields).superRefine(checkPhotos);
export type ProblemAnswer = z.infer<typeof problemAnswerSchema>;

/** POST /api/ops/problems/{id}/decision: `refund` in euros with VAT, required for a refund; a reason both parties receive. */
export const problemDecisionSchema = z
  .object({
    outcome: z.enum(PROBLEM_OUTCOMES, { error: 'invalid_body' }),
    refund: z.number({ error: 'invalid_body' }).positive('invalid_body').max(1_000_000, 'invalid_body').multipleOf(0.01, 'invalid_body').optional(),
    reason: multilineText(MAX_PROBLEM_TEXT).min(MIN_DECISION_REASON, 'decision_reason_too_short'),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'refund' && v.refund === undefined) ctx.addIssue({ code: 'custom', path: ['refund'], message: 'required' });
    if (v.outcome !== 'refund' && v.refund !== undefined) ctx.addIssue({ code: 'custom', path: ['refund'], message: 'invalid_body' });
  });
export type ProblemDecisionInput = z.infer<typeof problemDecisionSchema>;

const photoSchema = z.object({ id: z.number(), package_id: z.number().nullable(), url: z.string() });
export const problemStatementSchema = z.object({
  id: z.number(),
  party: z.enum(['sender', 'driver']),
  text: z.string(),
  created_at: z.number(),
  photos: z.array(photoSchema),
});
export type ProblemStatement = z.infer<typeof problemStatementSchema>;

export const problemDecisionSchemaRead = z.object({
  outcome: z.enum(PROBLEM_OUTCOMES),
  /** Euros with VAT given back to the sender. */
  refund: z.number(),
  /** Euros with VAT that went to the job's driver side (their pay, commission and VAT). */
  released: z.number(),
  reason: z.string(),
  decided_at: z.number(),
  /** For a referral: what the insurance chosen covers, in euros. */
  insurance_cover: z.number().nullable(),
});

/** A problem as the sender and the job's driver read it. */
export const problemReadSchema = z.object({
  id: z.number(),
  shipment_id: z.number(),
  reference: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  status: z.enum(['open', 'decided']),
  reported_at: z.number(),
  /** The package ids concerned. */
  packages: z.array(z.number()),
  statements: z.array(problemStatementSchema),
  decision: problemDecisionSchemaRead.nullable(),
});
export type ProblemRead = z.infer<typeof problemReadSchema>;

/** GET /api/shipment/{id}/problem */
export const senderProblemSchema = z.object({
  problem: problemReadSchema.nullable(),
  /** Kinds the sender may report now (empty: none). */
  may_report: z.array(z.enum(PROBLEM_KINDS)),
  /** Unix seconds until which goods problems can be reported (24 hours after delivery); null before delivery. */
  report_by: z.number().nullable(),
});
export type SenderProblemRead = z.infer<typeof senderProblemSchema>;

/** GET /api/driver/shipment/{id}/problem */
export const driverProblemSchema = z.object({ problem: problemReadSchema.nullable(), may_answer: z.boolean() });
export type DriverProblemRead = z.infer<typeof driverProblemSchema>;

// The back office (apps/ops).

export const problemSummarySchema = z.object({
  id: z.number(),
  shipment_id: z.number(),
  reference: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  status: z.enum(['open', 'decided']),
  reported_at: z.number(),
  sender_name: z.string(),
  driver_name: z.string(),
  /** Euros still held for the job. */
  held: z.number(),
  answered: z.boolean(),
});
export type ProblemSummary = z.infer<typeof problemSummarySchema>;
export const problemsQuerySchema = z.object({ status: z.enum(['open', 'decided']).default('open') });

export const TIMELINE_KINDS = ['state', 'proof', 'note', 'chat', 'position', 'statement', 'decision'] as const;
export const timelineEntrySchema = z.object({
  at: z.number(),
  kind: z.enum(TIMELINE_KINDS),
  actor: z.enum(['sender', 'driver', 'staff', 'system']),
  /** What happened, in words (a state's name, a message, a statement, a note entry's summary). */
  text: z.string(),
  photos: z.array(z.object({ url: z.string(), label: z.string() })),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

const partySchema = z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string().nullable(), company: z.string().nullable() });
/** GET /api/ops/problems/{id}: the evidence in one place (every view is in the audit log). */
export const problemCaseSchema = z.object({
  problem: problemReadSchema,
  job: z.object({
    shipment_id: z.number(),
    reference: z.string(),
    state: z.string(),
    pickup: z.string(),
    delivery: z.string(),
    packages: z.array(z.object({ id: z.number(), description: z.string(), type: z.string() })),
    /** Euros with VAT: what the sender paid, what is held now, what was refunded. */
    charged: z.number(),
    held: z.number(),
    refunded: z.number(),
    insurance: z.object({ choice: z.enum(INSURANCE_CHOICES), kind: z.enum(['own_risk', 'basic', 'all_in']), cover: z.number() }),
    sender: partySchema,
    driver: partySchema,
  }),
  timeline: z.array(timelineEntrySchema),
  /** Positions the driver's phone sent during the job, oldest first (at most 500). */
  positions: z.array(z.object({ at: z.number(), lat: z.number(), lng: z.number() })),
  /** The consignment note's PDF and, for an insured job, the claim file (PDF and evidence, ZIP). */
  note_url: z.string().nullable(),
  claim_file_url: z.string().nullable(),
});
export type ProblemCase = z.infer<typeof problemCaseSchema>;
