import fs from 'node:fs';
import { apiRoutes } from '@vm/domain';
import { languageOf } from '@vm/domain/postcodes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Geocoder, TimeZones } from '../../adapters/geo/geo.ts';
import { sendBytes } from '../../lib/send-bytes.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/errors.ts';

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

  app.route({
    ...fromContract(apiRoutes.autocomplete),
    config,
    // Place names follow the UI language the web sends (Brussel for nl, Bruxelles for fr).
    handler: async (req) => (req.query.q.length < 2 ? [] : upstream(() => geocoder.autocomplete(req.query.q, 5, languageOf(req.headers['accept-language'])))),
  });

  app.route({ ...fromContract(apiRoutes.reverseGeocode), config, handler: async (req) => upstream(() => geocoder.reverse(req.query.lat, req.query.lng, languageOf(req.headers['accept-language']))) });

  // The built-in basemap (a build product), for when no tile server is configured or reachable.
  const basemap = fs.existsSync(basemapFile) ? fs.readFileSync(basemapFile) : null;
  app.route({
    ...fromContract(apiRoutes.basemap),
    handler: async (_req, reply) => {
      if (!basemap) throw new ApiError(404, 'not_found', 'not_found');
      // The file's bytes as they are (a Buffer skips serialisation).
      reply.header('content-type', 'application/json').header('cache-control', 'public, max-age=86400');
      return sendBytes(reply, basemap);
    },
  });

  app.route({ ...fromContract(apiRoutes.timezone), config, handler: async (req) => ({ timezone: timeZones.lookup(req.query.lat, req.query.lng) }) });
};
