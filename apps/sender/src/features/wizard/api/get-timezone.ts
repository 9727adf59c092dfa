import { call } from '@vm/client/api-client.ts';

/** GET /api/geo/timezone: the time zone at a point (a side's dates and times are in it). */
export const getTimezone = (lat: number, lng: number) => call('GET /api/geo/timezone', { query: { lat, lng } });
