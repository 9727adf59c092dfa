import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** One side of the trip, as a stranger may see it: a place and its time window, no address. */
export type TrackingSide = { city: string; zip: string; country: string; lat: number; lng: number; date_from: number; date_till: number; timezone: string };

export type TrackingView = {
  state: ShipmentStateName;
  states: { state: ShipmentStateName; created_at: number }[];
  pickup: TrackingSide;
  delivery: TrackingSide;
  current_location: { lat: number; lng: number } | null;
  route: { points: string; distance: number; duration: number; estimated: boolean };
  eta: { leg: 'pickup' | 'delivery'; at: number; estimated: boolean } | null;
};

/** A public page has no event stream: it asks again every 10 s so the truck moves. */
export const TRACKING_REFRESH_MS = 10_000;

export const isGone = (err: unknown) => err instanceof ApiError && err.status === 404;

export const useTracking = (token: string) =>
  useQuery({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) => api<TrackingView>(`/api/tracking/${encodeURIComponent(token)}`, { signal }),
    // A revoked link stays revoked: stop asking.
    refetchInterval: (q) => (isGone(q.state.error) ? false : TRACKING_REFRESH_MS),
    staleTime: 0,
  });
