import { z } from 'zod';
import { SHIPMENT_STATES } from './shipment-states.ts';

// GET /api/tracking/{token}: what a stranger holding a shared link sees. No names, streets, house
// numbers, instructions, prices or reference; addresses only to their area (the server rounds).
// The schema is the privacy boundary: a field not listed here never reaches a stranger.

const state = z.enum(SHIPMENT_STATES);

/** One side of the trip: a place and its time window, no address. */
const trackingSideSchema = z.object({
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  date_from: z.number(),
  date_till: z.number(),
  timezone: z.string(),
});
export type TrackingSide = z.infer<typeof trackingSideSchema>;

/** The estimated arrival at the next address (from the router). */
const trackingEtaSchema = z.object({ leg: z.enum(['pickup', 'delivery']), at: z.number(), estimated: z.boolean() });
export type TrackingEta = z.infer<typeof trackingEtaSchema>;

export const trackingViewSchema = z.object({
  state,
  states: z.array(z.object({ state, created_at: z.number() })),
  pickup: trackingSideSchema,
  delivery: trackingSideSchema,
  current_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  route: z.object({ points: z.string(), distance: z.number(), duration: z.number(), estimated: z.boolean() }),
  eta: trackingEtaSchema.nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;
export type TrackedShipment = Omit<TrackingView, 'eta'>;

/** The sender's side of a shared link. */
export const trackingLinkSchema = z.object({ url: z.string(), token: z.string(), created_at: z.number() });
export const trackingStatusSchema = z.object({ active: z.boolean(), created_at: z.number().nullable() });
