import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Geocoder, TimeZones } from '../../adapters/geo/geo.ts';
import { ApiError } from '../../lib/errors.ts';

const address = z.object({
  street: z.string(),
  number: z.string(),
  box: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  formatted: z.string(),
  precision: z.enum(['house', 'street', 'locality']),
  attribution: z.string(),
});
const lat = z.coerce.number({ error: 'invalid_body' }).min(-90, 'invalid_body').max(90, 'invalid_body');
const lng = z.coerce.number({ error: 'invalid_body' }).min(-180, 'invalid_body').max(180, 'invalid_body');

type Options = { geocoder: Geocoder; timeZones: TimeZones; perIpLimit: number; basemapFile: string };

/** The browser's only way to geo data: no login needed, rate-limited per IP. */
export const geoRoutes: FastifyPluginAsyncZod<Options> = async (app, { geocoder, timeZones, perIpLimit, basemapFile }) => {
  const config = { rateLimit: { max: perIpLimit, timeWindow: 60_000 } };
  // A provider that fails or times out is a 502 for the client, never a 500 with internals.
  const upstream = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      app.log.warn({ err }, 'geo provider failed');
      throw new ApiError(502, 'bad_gateway', 'server_error');
    }
  };

  app.get(
    '/api/geo/autocomplete',
    { config, schema: { querystring: z.object({ q: z.string().trim().max(200, 'too_long').default('') }), response: { 200: z.array(address) } } },
    async (req) => (req.query.q.length < 2 ? [] : upstream(() => geocoder.autocomplete(req.query.q, 5))),
  );

  app.get(
    '/api/geo/reverse',
    { config, schema: { querystring: z.object({ lat, lng }), response: { 200: address.nullable() } } },
    async (req) => upstream(() => geocoder.reverse(req.query.lat, req.query.lng)),
  );

  // The built-in basemap (a build product), for when no tile server is configured or reachable.
  const basemap = fs.existsSync(basemapFile) ? fs.readFileSync(basemapFile) : null;
  app.get('/api/geo/basemap', async (_req, reply) => {
    if (!basemap) throw new ApiError(404, 'not_found', 'not_found');
    return reply.header('content-type', 'application/json').header('cache-control', 'public, max-age=86400').send(basemap);
  });

  app.get(
    '/api/geo/timezone',
    { config, schema: { querystring: z.object({ lat, lng }), response: { 200: z.object({ timezone: z.string() }) } } },
    async (req) => ({ timezone: timeZones.lookup(req.query.lat, req.query.lng) }),
  );
};
