import type { OfferRead } from './marketplace.ts';
import { z } from 'zod';
import { hasStreetAndNumber } from './address.ts';
import { DEFAULT_INSURANCE, INSURANCE_CHOICES } from './insurance.ts';
import { packageSchema } from './packages.ts';
import { CUTOFFS } from './time-windows.ts';
import { localParts } from './zoned-time.ts';

// POST /api/shipment's content JSON (SPEC sections 3 and 7) and the rules the server checks again.

const text = (max: number) => z.string().trim().max(max, 'too_long').default('');

export const shipmentSideSchema = z
  .object({
    date_from: z.number({ error: 'required' }).int(),
    date_till: z.number({ error: 'required' }).int(),
    date_timezone: z.string({ error: 'required' }).min(1, 'required').max(64),
    lat: z.number({ error: 'required' }).min(-90).max(90),
    lng: z.number({ error: 'required' }).min(-180).max(180),
    street: text(200),
    number: text(20),
    box: text(20),
    zip: text(20),
    city: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
    country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_invalid').default('BE'),
    /** The instructions for the driver: required (SPEC section 5). */
    notes: z.string({ error: 'required' }).trim().min(1, 'required').max(2000, 'too_long'),
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
  packages: z.array(packageSchema, { error: 'package_required' }).min(1, 'package_required').max(20, 'too_long'),
});
export type CreateShipmentInput = z.infer<typeof createShipmentSchema>;

export type SideError = { field: string; key: 'date_in_past' | 'before_pickup' | 'date_order' };

/**
 * The time rules a server can check on unix seconds, judged on the pickup zone's clock: the window
 * is not over, does not start on a past day or today after the 23:00 cut-off, and the delivery
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
  if (delivery.date_from < pickup.date_from) errors.push({ field: 'delivery.date_from', key: 'before_pickup' });
  return errors;
}

export type LocationRead = {
  lat: number;
  lng: number;
  /** The sender's instructions for this stop (gate, floor, whom to ask). */
  notes: string;
  address: { name: string; street: string; number: string; box: string; zip: string; city: string; country: string; formatted: string };
};

export type PackageRead = {
  id: number;
  type: string;
  description: string;
  notes: string;
  width: number;
  height: number;
  length: number;
  weight: number;
  tags: string[];
  pallet_type: string | null;
  must_be_traded: boolean;
  attachments: { id: string; image: { original: { url: string }; medium: { url: string }; thumb: { url: string } } }[];
};

/** GET /api/shipment/{id} and the items of GET /api/shipment/sender (SPEC section 3, "Shipment (read)"). */
export type ShipmentRead = {
  id: number;
  reference_id: string;
  current_state: { state: string };
  states: { state: string; created_at: number }[];
  pickup_date_from: number;
  pickup_date_till: number;
  pickup_timezone: string;
  delivery_date_from: number;
  delivery_date_till: number;
  delivery_timezone: string;
  pickup_location: LocationRead;
  delivery_location: LocationRead;
  current_location: { lat: number; lng: number } | null;
  route: { points: string; distance: number; duration: number; estimated: boolean };
  driver_route: { distance: number; duration: number } | null;
  packages: PackageRead[];
  offers: OfferRead[];
  accepted_offer: OfferRead | null;
  insurance: string;
  ratings: { ratingable_id: number; author_id: number; rating: number }[];
  /** Legs whose estimated arrival fell after the booked window (a 'shipment.late' event each). */
  running_late: { leg: 'pickup' | 'delivery'; eta: number }[];
  created_at: number;
};

/** POST /api/shipment/{id}/status: the sender may only cancel (SPEC section 4). */
export const senderStatusSchema = z.object({ state: z.literal('cancelled', { error: 'state_change_not_allowed' }) });

/** PUT /api/shipment/{id}: only the insurance can change, and only before an offer is accepted. */
export const updateInsuranceSchema = z.object({ id: z.number().int().optional(), insurance: z.enum(INSURANCE_CHOICES, { error: 'required' }) });
