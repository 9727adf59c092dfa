export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_M = 6_371_008.8;

export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Roads are longer than the straight line; 1.3 is a common average detour factor for Belgium. */
export const DETOUR_FACTOR = 1.3;

/** Road distance estimated from the straight line (the embedded router and the wizard's estimate). */
export const estimatedRoadMetres = (a: LatLng, b: LatLng) => Math.round(haversineMetres(a, b) * DETOUR_FACTOR);
