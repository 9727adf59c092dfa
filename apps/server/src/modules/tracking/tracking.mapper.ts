import type { Locale, ShipmentStateName, TrackedShipment } from '@vm/domain';
import { localPlaceName } from '../../lib/places.ts';
import type { TrackedShipmentRow } from './tracking.repository.ts';

// The tracked shipment's rows to the public read model, in one place (public-view.ts then keeps what a stranger may see).

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toTrackedShipment(r: TrackedShipmentRow, states: { state: ShipmentStateName; createdAt: Date }[], lang: Locale): TrackedShipment {
  return {
    state: r.state,
    states: states.map((s) => ({ state: s.state, created_at: seconds(s.createdAt) })),
    pickup: {
      city: localPlaceName(r.pickupCity, r.pickupZip, r.pickupCountry, lang, r.pickupPlaceId),
      zip: r.pickupZip,
      country: r.pickupCountry,
      lat: r.pickupLat,
      lng: r.pickupLng,
      date_from: seconds(r.pickupDateFrom),
      date_till: seconds(r.pickupDateTill),
      timezone: r.pickupTimezone,
    },
    delivery: {
      city: localPlaceName(r.deliveryCity, r.deliveryZip, r.deliveryCountry, lang, r.deliveryPlaceId),
      zip: r.deliveryZip,
      country: r.deliveryCountry,
      lat: r.deliveryLat,
      lng: r.deliveryLng,
      date_from: seconds(r.deliveryDateFrom),
      date_till: seconds(r.deliveryDateTill),
      timezone: r.deliveryTimezone,
    },
    current_location: r.currentLat !== null && r.currentLng !== null ? { lat: r.currentLat, lng: r.currentLng } : null,
    route: { points: r.routePoints, distance: r.routeDistance, duration: r.routeDuration, estimated: r.routeEstimated },
  };
}
