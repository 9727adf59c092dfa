import polyline from '@mapbox/polyline';
import { haversineMetres, type LatLng } from '@vm/domain/distance';
import type { TrackedShipment } from '@vm/domain';

/** Within this distance of an address, a stranger sees only the area, not the spot. */
export const PRIVATE_RADIUS_M = 1000;

/** Two decimals: about 1.1 km north-south and 0.7 km east-west in Belgium, a neighbourhood, not a house. */
const area = (p: LatLng): LatLng => ({ lat: Math.round(p.lat * 100) / 100, lng: Math.round(p.lng * 100) / 100 });

/**
 * What a person holding the link may see: the trip, its area and the truck, but no house. Street
 * and number are never read; the addresses' coordinates are shown to two decimals, the route's
 * first and last kilometre is cut to those points, and the truck near either address is shown at
 * the area's point. (Computed from the exact shipment: call this last.)
 */
export function forStrangers(s: TrackedShipment): TrackedShipment {
  const ends = [s.pickup, s.delivery];
  const near = (p: LatLng) => ends.find((e) => haversineMetres(p, e) < PRIVATE_RADIUS_M) ?? null;
  const middle = (polyline.decode(s.route.points) as [number, number][]).filter(([lat, lng]) => !near({ lat, lng }));
  const [from, to] = [area(s.pickup), area(s.delivery)];
  const points = polyline.encode([[from.lat, from.lng], ...middle, [to.lat, to.lng]]);
  const truck = s.current_location;
  const truckEnd = truck ? near(truck) : null;
  return {
    ...s,
    pickup: { ...s.pickup, ...from },
    delivery: { ...s.delivery, ...to },
    route: { ...s.route, points },
    current_location: truck && truckEnd ? area(truckEnd) : truck,
  };
}
