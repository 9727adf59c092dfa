import { find } from 'geo-tz';
import type { TimeZones } from './geo.ts';

/** IANA zone of a point from geo-tz's boundaries; Belgium's when the point is at sea. */
export function geoTzTimeZones(fallback = 'Europe/Brussels'): TimeZones {
  return {
    lookup(lat, lng) {
      const zones = find(lat, lng);
      return zones.find((z) => !z.startsWith('Etc/')) ?? fallback;
    },
  };
}
