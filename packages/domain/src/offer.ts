import { z } from 'zod';
import { userSummarySchema } from './images.ts';
import { costBreakdownEurosSchema } from './pricing.ts';
import { EXPERIENCE_LEVELS } from './shipment-states.ts';

// An offer as the sender sees it (SPEC section 3, Offer).

/** Vehicle kinds a driver can register; the web shows an icon per type. */
export const VEHICLE_TYPES = ['car', 'van', 'small_truck', 'truck'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** 'replaced': the driver changed the price; a new offer (a new id) took its place. */
export const OFFER_STATES = ['open', 'withdrawn', 'accepted', 'replaced'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const driverSummarySchema = userSummarySchema.extend({ driver_rating_count: z.number(), driver_rating_total: z.number() });
export type DriverSummary = z.infer<typeof driverSummarySchema>;

export const offerReadSchema = z.object({
  id: z.number(),
  shipment_id: z.number(),
  /** The driver's transport price in euros, excl. VAT. */
  price: z.number(),
  state: z.enum(OFFER_STATES),
  created_at: z.number(),
  cost_breakdown_sender: costBreakdownEurosSchema,
  car: z.object({
    type: z.object({ type: z.enum(VEHICLE_TYPES), name: z.string() }),
    driver: z.object({ user: z.object({ first_name: z.string(), last_name: z.string(), rating: z.object({ driver: z.number() }) }) }),
  }),
  driver: z.object({ user: driverSummarySchema }),
  level: z.enum(EXPERIENCE_LEVELS),
});
export type OfferRead = z.infer<typeof offerReadSchema>;
