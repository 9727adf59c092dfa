import polyline from '@mapbox/polyline';
import type { Router } from './geo.ts';
import { estimatedRoadMetres } from '@vm/domain/distance';

/** A van's average door-to-door speed, towns and motorways together. */
export const AVERAGE_SPEED_KMH = 60;

/** The embedded default: straight line x detour factor at an average speed, marked estimated. */
export function haversineRouter(): Router {
  return {
    name: 'estimate',
    async route(from, to) {
      const distance = estimatedRoadMetres(from, to);
      const duration = Math.round(distance / ((AVERAGE_SPEED_KMH * 1000) / 3600));
      return {
        points: polyline.encode([
          [from.lat, from.lng],
          [to.lat, to.lng],
        ]),
        distance,
        duration,
        estimated: true,
        attribution: '',
      };
    },
  };
}
