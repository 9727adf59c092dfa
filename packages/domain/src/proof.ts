import { z } from 'zod';
import { MAX_PACKAGES } from './shipment.ts';
import { SHIPMENT_STATE, type ShipmentStateName, statesWhere } from './shipment-states.ts';
import { lineText, multilineText, rowIdSchema, unixSecondsSchema } from './wire.ts';

// Issue 21, part 3: the proof a driver takes at pickup and at delivery (photos per package, the
// packages' condition and reservations, the name and drawn signature of the person handing over
// or receiving, time and position), which state change needs which proof, and the sender's answer
// after delivery.

export const PROOF_KINDS = ['pickup', 'delivery'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

export const PACKAGE_CONDITIONS = ['good', 'reservations'] as const;
export type PackageCondition = (typeof PACKAGE_CONDITIONS)[number];

export const MAX_PROOF_PHOTOS_PER_PACKAGE = 5;
/** Every photo of every package plus the signature: the multipart reader's file limit. */
export const MAX_PROOF_FILES = MAX_PACKAGES * MAX_PROOF_PHOTOS_PER_PACKAGE + 1;
export const MAX_RESERVATIONS_LENGTH = 2000;
/** All files of one proof together (the app compresses photos before upload, to a few hundred kB each). */
export const MAX_PROOF_BYTES = 64 * 1024 * 1024;
/** The phone's clock may run this far ahead of the server's. */
export const PROOF_CLOCK_SKEW_SECONDS = 300;
/** A proof kept offline on the phone is still taken when it arrives this late; older ones are refused. */
export const PROOF_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** The states in which each proof is taken: at the pickup address before `loaded`, at the delivery address before `delivered`. */
export const PROOF_STATES: Record<ProofKind, readonly ShipmentStateName[]> = {
  pickup: statesWhere((d) => d.proofTaken === 'pickup'),
  delivery: statesWhere((d) => d.proofTaken === 'delivery'),
};

export const proofAllowedIn = (kind: ProofKind, state: ShipmentStateName): boolean => PROOF_STATES[kind].includes(state);

/** The proof a driver's state change needs first: `loaded` the pickup proof, `delivered` the delivery proof. */
export const proofRequiredFor = (to: ShipmentStateName): ProofKind | null => SHIPMENT_STATE[to].proofToEnter;

const fieldName = lineText(100).min(1, 'required');

/**
 * The `content` field of POST /api/driver/shipment/{id}/proof; the photos and the signature (PNG)
 * come as files under the names given here. `now` is the server's clock: the phone's time may be
 * a little ahead and up to a week behind (a proof kept offline).
 */
export const proofInputSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      kind: z.enum(PROOF_KINDS, { error: 'invalid_body' }),
      client_id: z.uuid({ error: 'invalid_body' }),
      taken_at: unixSecondsSchema,
      lat: z.number({ error: 'invalid_body' }).min(-90, 'invalid_body').max(90, 'invalid_body'),
      lng: z.number({ error: 'invalid_body' }).min(-180, 'invalid_body').max(180, 'invalid_body'),
      accuracy_m: z.number({ error: 'invalid_body' }).min(0, 'invalid_body').max(100_000, 'invalid_body'),
      signer_name: lineText(120).min(1, 'required'),
      condition: z.enum(PACKAGE_CONDITIONS, { error: 'invalid_body' }),
      reservations: multilineText(MAX_RESERVATIONS_LENGTH).default(''),
      packages: z
        .array(
          z.object({
            package_id: rowIdSchema,
            photos: z.array(fieldName).min(1, 'proof_photo_required').max(MAX_PROOF_PHOTOS_PER_PACKAGE, 'too_many_photos'),
          }),
          { error: 'invalid_body' },
        )
        .min(1, 'proof_photo_required')
        .max(MAX_PACKAGES, 'too_long'),
      signature: fieldName,
    })
    .superRefine((v, ctx) => {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      if (v.taken_at > nowSeconds + PROOF_CLOCK_SKEW_SECONDS) ctx.addIssue({ code: 'custom', path: ['taken_at'], message: 'proof_time_future' });
      if (v.taken_at < nowSeconds - PROOF_MAX_AGE_SECONDS) ctx.addIssue({ code: 'custom', path: ['taken_at'], message: 'proof_too_old' });
      if (v.condition === 'reservations' && v.reservations === '') ctx.addIssue({ code: 'custom', path: ['reservations'], message: 'reservations_required' });
      const ids = v.packages.map((p) => p.package_id);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['packages'], message: 'invalid_body' });
      const names = [...v.packages.flatMap((p) => p.photos), v.signature];
      if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['packages'], message: 'invalid_body' });
    });
export type ProofInput = z.infer<ReturnType<typeof proofInputSchema>>;

/** A stored proof as the sender and the assigned driver read it; file URLs are served by authorised routes. */
export const proofReadSchema = z.object({
  id: z.number(),
  kind: z.enum(PROOF_KINDS),
  client_id: z.string(),
  signer_name: z.string(),
  condition: z.enum(PACKAGE_CONDITIONS),
  reservations: z.string(),
  taken_at: z.number(),
  lat: z.number(),
  lng: z.number(),
  accuracy_m: z.number(),
  signature_url: z.string(),
  packages: z.array(z.object({ package_id: z.number(), photo_urls: z.array(z.string()) })),
  created_at: z.number(),
});
export type ProofRead = z.infer<typeof proofReadSchema>;

// After delivery: the sender confirms or reports a problem within 24 hours; no answer by then is
// taken as confirmed (the next issue releases the driver's money on it).

export const DELIVERY_ANSWER_WINDOW_SECONDS = 24 * 3600;
export const DELIVERY_OUTCOMES = ['confirmed', 'problem'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export const deliveryAnswerSchema = z.object({
  outcome: z.enum(DELIVERY_OUTCOMES, { error: 'invalid_body' }),
  note: multilineText(2000).optional(),
});
export type DeliveryAnswer = z.infer<typeof deliveryAnswerSchema>;

export type DeliveryStatus =
  | { status: 'not_delivered' }
  | { status: 'waiting'; answer_by: number }
  | { status: 'confirmed' | 'problem'; answered_at: number }
  | { status: 'assumed_confirmed'; since: number };

/**
 * Where the sender's answer stands: nothing before delivery; then 24 hours to answer; an answer
 * given stays; without one the delivery counts as confirmed from the window's end.
 */
export function deliveryStatus(deliveredAt: number | null, answer: { outcome: DeliveryOutcome; answered_at: number } | null, nowSeconds: number): DeliveryStatus {
  if (answer) return { status: answer.outcome, answered_at: answer.answered_at };
  if (deliveredAt === null) return { status: 'not_delivered' };
  const by = deliveredAt + DELIVERY_ANSWER_WINDOW_SECONDS;
  return nowSeconds < by ? { status: 'waiting', answer_by: by } : { status: 'assumed_confirmed', since: by };
}

/** The sender may still answer: delivered, not answered, within the window. */
export const canAnswerDelivery = (deliveredAt: number | null, answered: boolean, nowSeconds: number): boolean =>
  deliveredAt !== null && !answered && nowSeconds < deliveredAt + DELIVERY_ANSWER_WINDOW_SECONDS;

export const deliveryStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not_delivered') }),
  z.object({ status: z.literal('waiting'), answer_by: z.number() }),
  z.object({ status: z.enum(DELIVERY_OUTCOMES), answered_at: z.number() }),
  z.object({ status: z.literal('assumed_confirmed'), since: z.number() }),
]);

/** GET /api/shipment/{id}/proof and /api/driver/shipment/{id}/proof. */
export const proofsReadSchema = z.object({
  proofs: z.array(proofReadSchema),
  delivery: deliveryStatusSchema,
  /** The consignment note's PDF (served with the same checks); null before the first proof. */
  note_url: z.string().nullable(),
});
export type ProofsRead = z.infer<typeof proofsReadSchema>;
