import { z } from 'zod';
import { hasStreetAndNumber } from './address.ts';
import { DEFAULT_INSURANCE, INSURANCE_CHOICES } from './insurance.ts';
import { imageVariantsSchema } from './images.ts';
import { offerReadSchema } from './offer.ts';
import { FIXED_TYPES, ITEM_TYPES, PACKAGE_TAGS, PALLET_TYPES, packageSchema } from './packages.ts';
import { SHIPMENT_STATE, SHIPMENT_STATES } from './shipment-states.ts';
import { CUTOFFS } from './time-windows.ts';
import { lineText, MAX_BOOKING_AHEAD_SECONDS, multilineText, rowIdSchema, unixSecondsSchema } from './wire.ts';
import { localParts } from './zoned-time.ts';

// POST /api/shipment's content JSON (SPEC sections 3 and 7) and the rules the server checks again.

/** Packages in one shipment. */
export const MAX_PACKAGES = 20;

const text = (max: number) => lineText(max).default('');

export const shipmentSideSchema = z
  .object({
    date_from: unixSecondsSchema,
    date_till: unixSecondsSchema,
    date_timezone: z.string({ error: 'required' }).min(1, 'required').max(64).regex(/^[A-Za-z0-9_+\-/]*$/, 'invalid_body'),
    lat: z.number({ error: 'required' }).min(-90).max(90),
    lng: z.number({ error: 'required' }).min(-180).max(180),
    street: text(200),
    number: text(20),
    box: text(20),
    zip: text(20),
    city: lineText(100).min(1, 'required'),
    country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_invalid').default('BE'),
    /** The instructions for the driver: required (SPEC section 5). */
    notes: multilineText(2000).min(1, 'required'),
    /** Company name: only for a business address. */
    name: text(200),
  })
  .superRefine((s, ctx) => {
    if (!hasStreetAndNumber(s)) ctx.addIssue({ code: 'custom', path: ['street'], message: 'address_incomplete' });
    if (s.date_till <= s.date_from) ctx.addIssue({ code: 'custom', path: ['date_till'], message: 'date_order' });
  });
export type ShipmentSide = z.infer<typeof shipmentSideSchema>;

export const createShipmentSchema = z.object({
  pickup: shipmentSideSchema,
  delivery: shipmentSideSchema,
  insurance: z.enum(INSURANCE_CHOICES, { error: 'required' }).default(DEFAULT_INSURANCE),
  packages: z
    .array(packageSchema, { error: 'package_required' })
    .min(1, 'package_required')
    .max(MAX_PACKAGES, 'too_long')
    // Each multipart file belongs to one package, once: a file is decoded and stored once per use.
    .superRefine((packages, ctx) => {
      const seen = new Set<string>();
      for (const [i, p] of packages.entries()) {
        if (p.photos.some((f) => seen.has(f)) || new Set(p.photos).size < p.photos.length) {
          ctx.addIssue({ code: 'custom', path: [i, 'photos'], message: 'photo_used_twice' });
        }
        for (const f of p.photos) seen.add(f);
      }
    }),
});
export type CreateShipmentInput = z.infer<typeof createShipmentSchema>;

export type SideError = { field: string; key: 'date_in_past' | 'date_too_far' | 'before_pickup' | 'date_order' };

/**
 * The time rules a server can check on unix seconds, judged on the pickup zone's clock: the window
 * is not over, does not start on a past day or today after the 23:00 cut-off nor more than a year
 * ahead, and the delivery
 * does not start before the pickup or end before it starts.
 */
export function checkShipmentTimes(pickup: Pick<ShipmentSide, 'date_from' | 'date_till' | 'date_timezone'>, delivery: Pick<ShipmentSide, 'date_from' | 'date_till'>, now: Date): SideError[] {
  const errors: SideError[] = [];
  const tz = pickup.date_timezone;
  const today = localParts(now, tz);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const startDay = localParts(new Date(pickup.date_from * 1000), tz).date;
  const lateToday = startDay === today.date && today.time >= CUTOFFS.today;
  if (startDay < today.date || lateToday || pickup.date_till <= nowSeconds) errors.push({ field: 'pickup.date_from', key: 'date_in_past' });
  else if (pickup.date_from > nowSeconds + MAX_BOOKING_AHEAD_SECONDS) errors.push({ field: 'pickup.date_from', key: 'date_too_far' });
  if (delivery.date_from < pickup.date_from) errors.push({ field: 'delivery.date_from', key: 'before_pickup' });
  return errors;
}

const locationReadSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** The sender's instructions for this stop (gate, floor, whom to ask). */
  notes: z.string(),
  address: z.object({ name: z.string(), street: z.string(), number: z.string(), box: z.string(), zip: z.string(), city: z.string(), country: z.string(), formatted: z.string() }),
});
export type LocationRead = z.infer<typeof locationReadSchema>;

const packageReadSchema = z.object({
  id: z.number(),
  type: z.enum([...FIXED_TYPES, ...ITEM_TYPES]),
  description: z.string(),
  notes: z.string(),
  width: z.number(),
  height: z.number(),
  length: z.number(),
  weight: z.number(),
  tags: z.array(z.enum(PACKAGE_TAGS)),
  pallet_type: z.enum(PALLET_TYPES).nullable(),
  must_be_traded: z.boolean(),
  attachments: z.array(imageVariantsSchema.extend({ id: z.string() })),
});
export type PackageRead = z.infer<typeof packageReadSchema>;

const stateSchema = z.enum(SHIPMENT_STATES);
const LEGS = ['pickup', 'delivery'] as const;

/** What a sender and a driver both see of a shipment. */
export const shipmentCoreSchema = z.object({
  id: z.number(),
  reference_id: z.string(),
  current_state: z.object({ state: stateSchema }),
  states: z.array(z.object({ state: stateSchema, created_at: z.number() })),
  pickup_date_from: z.number(),
  pickup_date_till: z.number(),
  pickup_timezone: z.string(),
  delivery_date_from: z.number(),
  delivery_date_till: z.number(),
  delivery_timezone: z.string(),
  pickup_location: locationReadSchema,
  delivery_location: locationReadSchema,
  current_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  route: z.object({ points: z.string(), distance: z.number(), duration: z.number(), estimated: z.boolean() }),
  driver_route: z.object({ distance: z.number(), duration: z.number() }).nullable(),
  packages: z.array(packageReadSchema),
  insurance: z.enum(INSURANCE_CHOICES),
  ratings: z.array(z.object({ ratingable_id: z.number(), author_id: z.number(), rating: z.number() })),
  /** Legs whose estimated arrival fell after the booked window (a 'shipment.late' event each). */
  running_late: z.array(z.object({ leg: z.enum(LEGS), eta: z.number() })),
  created_at: z.number(),
});

/** GET /api/shipment/{id} and the items of GET /api/shipment/sender (SPEC section 3, "Shipment (read)"). */
export const shipmentReadSchema = shipmentCoreSchema.extend({ offers: z.array(offerReadSchema), accepted_offer: offerReadSchema.nullable() });
export type ShipmentRead = z.infer<typeof shipmentReadSchema>;

/** Whether the sender may still change the job: new, with no accepted offer (the server also checks for a payment at the bank). */
export const changeableBySender = (s: Pick<ShipmentRead, 'current_state' | 'accepted_offer'>) => SHIPMENT_STATE[s.current_state.state].phase === 'open' && s.accepted_offer === null;

/** POST /api/shipment/{id}/status: the sender may only cancel (SPEC section 4). */
/**
 * POST /api/shipment/{id}/status (SPEC: {state: cancelled}). After acceptance (issue 22) the request
 * names the cancellation fee the sender was shown, in euros; without it, or with another amount
 * than the fee now, nothing is cancelled (409 naming the fee).
 */
export const senderStatusSchema = z.object({ state: z.literal('cancelled', { error: 'state_change_not_allowed' }), fee: z.number().min(0).max(1_000_000).optional() });

/**
 * PUT /api/shipment/{id}/details: the sender changes a job before an offer is accepted, with the
 * wizard's rules: both stops in full (address, window, instructions, company name) and the
 * description of each package by its id. Which open offers stay is decided by `offersStay`.
 */
export const changeShipmentSchema = z.object({
  pickup: shipmentSideSchema,
  delivery: shipmentSideSchema,
  packages: z
    .array(z.object({ id: rowIdSchema, description: multilineText(1000).min(1, 'required') }))
    .max(MAX_PACKAGES, 'too_long')
    .default([]),
});
export type ChangeShipmentInput = z.infer<typeof changeShipmentSchema>;

/**
 * POST /api/shipment/{id}/photos' `content` field: photos added to one package of a job that can
 * still change, named by their multipart fields (as at booking); with those already there, no more
 * than the package's type takes.
 */
export const addPhotosSchema = z.object({
  package_id: rowIdSchema,
  photos: z.array(lineText(100).min(1, 'required')).min(1, 'file_missing').max(5, 'too_many_photos'),
});
export type AddPhotosInput = z.infer<typeof addPhotosSchema>;

type StopFacts = Pick<ShipmentSide, 'date_from' | 'date_till' | 'lat' | 'lng' | 'street' | 'number' | 'box' | 'zip' | 'country'>;
const STOP_FACTS = ['date_from', 'date_till', 'lat', 'lng', 'street', 'number', 'box', 'zip', 'country'] as const;

/**
 * The offers rule of a change (docs/decisions/0023-changing-a-job.md): a driver priced a route, a
 * window and goods. A change to any of those (a stop's place or window, a package's description)
 * withdraws the open offers; a change of instructions or company name only keeps them, and their
 * drivers are told.
 */
export function offersStay(before: { pickup: StopFacts; delivery: StopFacts; descriptions: Map<number, string> }, after: Pick<ChangeShipmentInput, 'pickup' | 'delivery' | 'packages'>): boolean {
  for (const side of ['pickup', 'delivery'] as const) {
    if (STOP_FACTS.some((k) => before[side][k] !== after[side][k])) return false;
  }
  return after.packages.every((p) => before.descriptions.get(p.id) === p.description);
}

/** PUT /api/shipment/{id}: only the insurance can change, and only before an offer is accepted. */
export const updateInsuranceSchema = z.object({ id: rowIdSchema.optional(), insurance: z.enum(INSURANCE_CHOICES, { error: 'required' }) });
