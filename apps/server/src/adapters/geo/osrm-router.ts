import type { Router } from './geo.ts';
import { getJson } from './http-json.ts';

type OsrmAnswer = { code: string; message?: string; routes?: { geometry: string; distance: number; duration: number }[] };

/** OSRM's route service: coordinates go lng,lat; geometries=polyline is precision 5. */
export function osrmRouter(baseUrl: string, fetchImpl: typeof fetch = fetch): Router {
  const base = baseUrl.replace(/\/$/, '');
  return {
    name: 'osrm',
    async route(from, to) {
      const url = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=full&geometries=polyline`;
      const answer = await getJson<OsrmAnswer>('OSRM', url, fetchImpl);
      const route = answer.routes?.[0];
      if (answer.code !== 'Ok' || !route) throw new Error(`OSRM: ${answer.code} ${answer.message ?? ''}`.trim());
      return {
        points: route.geometry,
        distance: Math.round(route.distance),
        duration: Math.round(route.duration),
        estimated: false,
        attribution: '© OpenStreetMap contributors (ODbL), OSRM',
      };
    },
  };
}
