import type { Address } from '@vm/domain';
import type { LatLng } from '@vm/domain/distance';
import type { Language } from '@vm/domain/postcodes';

// The geo services of ARCHITECTURE.md. Every answer says how exact it is and whose data it is,
// so the UI stays honest about an estimate.

export type Geocoder = {
  readonly name: string;
  /** Suggestions for what the sender is typing, best first. */
  autocomplete(query: string, limit?: number, lang?: Language): Promise<Address[]>;
  /** The best single match for a full address text, or null. */
  geocode(query: string, lang?: Language): Promise<Address | null>;
  /** The nearest known place to a point, or null when nothing is near (the sea, abroad). */
  reverse(lat: number, lng: number, lang?: Language): Promise<Address | null>;
};

export type { LatLng };

export type Route = {
  /** Encoded polyline, precision 5. */
  points: string;
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  /** True when computed without a road network (embedded default). */
  estimated: boolean;
  attribution: string;
};

export type Router = { readonly name: string; route(from: LatLng, to: LatLng): Promise<Route> };

export type TimeZones = { lookup(lat: number, lng: number): string };
