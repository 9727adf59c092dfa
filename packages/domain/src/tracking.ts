import type { ShipmentStateName } from './shipment-states.ts';

// GET /api/tracking/{token}: what a stranger holding a shared link sees. No names, streets, house
// numbers, instructions, prices or reference; addresses only to their area (the server rounds).

/** One side of the trip: a place and its time window, no address. */
export type TrackingSide = { city: string; zip: string; country: string; lat: number; lng: number; date_from: number; date_till: number; timezone: string };

export type TrackedShipment = {
  state: ShipmentStateName;
  states: { state: ShipmentStateName; created_at: number }[];
  pickup: TrackingSide;
  delivery: TrackingSide;
  current_location: { lat: number; lng: number } | null;
  route: { points: string; distance: number; duration: number; estimated: boolean };
};

/** The estimated arrival at the next address (from the router). */
export type TrackingEta = { leg: 'pickup' | 'delivery'; at: number; estimated: boolean };

export type TrackingView = TrackedShipment & { eta: TrackingEta | null };
