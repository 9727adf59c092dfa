import { createHash } from 'node:crypto';
import { createShipmentSchema, ratingSchema, senderStatusSchema, updateInsuranceSchema } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { currentUser, requireSender, requireUser } from '../../lib/request-context.ts';
import { parseBody } from '../../lib/validate.ts';
import type { EventsService } from '../events/events.service.ts';
import { listVersions } from './list-versions.ts';
import type { ShipmentsService } from './shipments.service.ts';

const url = z.object({ url: z.string() });
const image = z.object({ original: url, medium: url, thumb: url });
const location = z.object({
  lat: z.number(),
  lng: z.number(),
  notes: z.string(),
  address: z.object({ name: z.string(), street: z.string(), number: z.string(), box: z.string(), zip: z.string(), city: z.string(), country: z.string(), formatted: z.string() }),
});
const money = z.object({
  route: z.number(),
  insurance: z.number(),
  vat: z.object({ percent: z.number(), amount: z.number() }),
  total: z.object({ beforetaxes: z.number(), aftertaxes: z.number() }),
});
const offerResponse = z.object({
  id: z.number(),
  shipment_id: z.number(),
  price: z.number(),
  state: z.enum(['open', 'withdrawn', 'accepted']),
  created_at: z.number(),
  cost_breakdown_sender: money,
  car: z.object({
    type: z.object({ type: z.string(), name: z.string() }),
    driver: z.object({ user: z.object({ first_name: z.string(), last_name: z.string(), rating: z.object({ driver: z.number() }) }) }),
  }),
  driver: z.object({
    user: z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      driver_rating_count: z.number(),
      driver_rating_total: z.number(),
      profile_picture: z.object({ image }).nullable(),
    }),
  }),
  level: z.enum(['newbie', 'intermediate', 'experienced', 'ambassador']),
});

const shipmentCore = z.object({
  id: z.number(),
  reference_id: z.string(),
  current_state: z.object({ state: z.string() }),
  states: z.array(z.object({ state: z.string(), created_at: z.number() })),
  pickup_date_from: z.number(),
  pickup_date_till: z.number(),
  pickup_timezone: z.string(),
  delivery_date_from: z.number(),
  delivery_date_till: z.number(),
  delivery_timezone: z.string(),
  pickup_location: location,
  delivery_location: location,
  current_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  route: z.object({ points: z.string(), distance: z.number(), duration: z.number(), estimated: z.boolean() }),
  driver_route: z.object({ distance: z.number(), duration: z.number() }).nullable(),
  packages: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      description: z.string(),
      notes: z.string(),
      width: z.number(),
      height: z.number(),
      length: z.number(),
      weight: z.number(),
      tags: z.array(z.string()),
      pallet_type: z.string().nullable(),
      must_be_traded: z.boolean(),
      attachments: z.array(z.object({ id: z.string(), image })),
    }),
  ),
  insurance: z.string(),
  ratings: z.array(z.object({ ratingable_id: z.number(), author_id: z.number(), rating: z.number() })),
  running_late: z.array(z.object({ leg: z.enum(['pickup', 'delivery']), eta: z.number() })),
  created_at: z.number(),
});
export const shipmentResponse = shipmentCore.extend({ offers: z.array(offerResponse), accepted_offer: offerResponse.nullable() });
export const driverJobResponse = shipmentCore.extend({ my_offer: z.object({ id: z.number(), price: z.number(), state: z.string() }).nullable() });

type Options = {
  shipments: ShipmentsService;
  events: Pick<EventsService, 'onEvent' | 'onRecorded'>;
  /** Keep list versions in memory (default); off, every request reads the version (bench baseline). */
  versionCache: boolean;
};

export const shipmentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { shipments, events, versionCache }) => {
  app.post('/api/shipment', { onRequest: requireSender, schema: { response: { 201: z.object({ id: z.number() }) } } }, async (req, reply) => {
    const me = currentUser(req);
    const { content, files } = await readContentAndFiles(req, 10);
    const input = parseBody(createShipmentSchema, content);
    return reply.code(201).send(await shipments.create(me.userId, input, files));
  });

  // Polled every 30 s: an ETag lets an unchanged list answer 304 without a body.
  // Polled every 30 s by every open tab. Every change to a shipment (offers, states, location,
  // ratings) bumps its revision, so one small query identifies the list: it answers the ETag and
  // 304, and keys a cache of the serialised list so an unchanged list is never rebuilt.
  const listSchema = z.array(shipmentResponse);
  const bodies = new SerialisedCache(1000);
  const versions = listVersions();
  // Dropped when this process writes an event for the sender (before its commit) and again when
  // any process's event for them is dispatched (after its commit).
  const stops = [
    events.onRecorded((e) => e.shipmentId !== null && versions.invalidate(e.userId)),
    events.onEvent((e) => e.push.shipment_id !== null && versions.invalidate(e.userId)),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  // No response schema here: the body is serialised (through listSchema) once, then cached.
  app.get('/api/shipment/sender', { onRequest: requireSender }, async (req, reply) => {
    const me = currentUser(req).userId;
    // The version is read before the list, so a cached body is never older than its version. It
    // comes from memory while no event for this sender arrived since it was read.
    let version = versionCache ? versions.get(me) : undefined;
    if (version === undefined) {
      const generation = versions.generation(me);
      version = await shipments.listVersion(me);
      versions.set(me, version, generation);
    }
    const etag = `"${createHash('sha1').update(`${me}:${version}`).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    // No body and no Content-Length: a 304's length would have to be the full list's (RFC 9110 8.6).
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    let body = bodies.get(me, version);
    if (body === undefined) {
      // Parsed by the response schema as other routes are: nothing outside it reaches the client.
      body = JSON.stringify(listSchema.parse(await shipments.list(me)));
      bodies.set(me, version, body);
    }
    // A string is sent as it is, not serialised again.
    return reply.type('application/json; charset=utf-8').send(body);
  });

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  app.post(
    '/api/shipment/:id/status',
    { onRequest: requireSender, schema: { params: idParams, body: senderStatusSchema, response: { 200: shipmentResponse } } },
    async (req) => shipments.cancel(currentUser(req).userId, req.params.id),
  );

  app.put(
    '/api/shipment/:id',
    { onRequest: requireSender, schema: { params: idParams, body: updateInsuranceSchema, response: { 200: shipmentResponse } } },
    async (req) => shipments.setInsurance(currentUser(req).userId, req.params.id, req.body.insurance),
  );

  app.post(
    '/api/rating',
    { onRequest: requireUser, schema: { body: ratingSchema, response: { 201: ratingSchema } } },
    async (req, reply) => {
      await shipments.rate(currentUser(req).userId, req.body.shipment_id, req.body.rating);
      return reply.code(201).send(req.body);
    },
  );

  app.get(
    '/api/shipment/:id',
    { onRequest: requireSender, schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: shipmentResponse } } },
    async (req) => shipments.get(currentUser(req).userId, req.params.id),
  );
};

/** The newest serialised list per sender, for the version it was built at; least recently used go first. */
class SerialisedCache {
  private readonly entries = new Map<number, { version: string; body: string }>();
  constructor(private readonly capacity: number) {}

  get(key: number, version: string): string | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.body;
  }

  set(key: number, version: string, body: string): void {
    this.entries.delete(key);
    this.entries.set(key, { version, body });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
