import { createHash } from 'node:crypto';
import { apiRoutes, createShipmentSchema, type Locale, MAX_PHOTOS, type ShipmentRead, shipmentReadSchema } from '@vm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromContract } from '../../lib/contract-route.ts';
import { readContentAndFiles } from '../../lib/multipart.ts';
import { currentUser } from '../../lib/request-context.ts';
import { parseBody } from '../../lib/validate.ts';
import type { EventsService } from '../events/events.service.ts';
import { listVersions } from './list-versions.ts';
import type { ShipmentsService } from './shipments.service.ts';

/** The most photos any package takes: the bound of one upload request. */
const MAX_PHOTOS_PER_PACKAGE = Math.max(...Object.values(MAX_PHOTOS));

type Options = {
  shipments: ShipmentsService;
  events: Pick<EventsService, 'onEvent' | 'onRecorded'>;
  /** Keep list versions in memory (default); off, every request reads the version (bench baseline). */
  versionCache: boolean;
  /**
   * Runs before the sender cancels: releases what holds the job (a Bancontact payment left at the
   * bank). The payments module gives it; shipments does not depend on payments.
   */
  beforeCancel: (senderId: number, shipmentId: number) => Promise<void>;
  /** The sender cancels, free before acceptance and for the ladder's fee (named in the request) after it: the cancellations module. */
  cancel: (senderId: number, shipmentId: number, fee: number | undefined, lang: Locale) => Promise<ShipmentRead>;
};

export const shipmentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { shipments, events, versionCache, beforeCancel, cancel }) => {
  app.route({
    ...fromContract(apiRoutes.createShipment),
    handler: async (req, reply) => {
      const me = currentUser(req);
      const { content, files } = await readContentAndFiles(req, 10);
      const input = parseBody(createShipmentSchema, content);
      return reply.code(201).send(await shipments.create(me.userId, input, files));
    },
  });

  // Polled every 30 s: an ETag lets an unchanged list answer 304 without a body.
  // Polled every 30 s by every open tab. Every change to a shipment (offers, states, location,
  // ratings) bumps its revision, so one small query identifies the list: it answers the ETag and
  // 304, and keys a cache of the serialised list so an unchanged list is never rebuilt.
  const listSchema = z.array(shipmentReadSchema);
  const bodies = new SerialisedCache(1000);
  const versions = listVersions();
  // Dropped when this process writes an event for the sender (before its commit) and again when
  // any process's event for them is dispatched (after its commit).
  const stops = [
    events.onRecorded((e) => e.shipmentId !== null && versions.invalidate(e.userId)),
    events.onEvent((e) => e.push.shipment_id !== null && versions.invalidate(e.userId)),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  // The body is serialised (through listSchema) once, then cached and sent as a string, so this
  // handler works on Fastify's plain reply rather than the schema-typed one.
  const senderList = async (req: FastifyRequest, reply: FastifyReply) => {
    const me = currentUser(req).userId;
    // The version is read before the list, so a cached body is never older than its version. It
    // comes from memory while no event for this sender arrived since it was read.
    let version = versionCache ? versions.get(me) : undefined;
    if (version === undefined) {
      const generation = versions.generation(me);
      version = await shipments.listVersion(me);
      versions.set(me, version, generation);
    }
    // Towns are named in the reader's language (Luik, Liège): the language is part of the version.
    const lang = req.locale ?? 'nl';
    const etag = `"${createHash('sha1').update(`${me}:${version}:${lang}`).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Language');
    // No body and no Content-Length: a 304's length would have to be the full list's (RFC 9110 8.6).
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    let body = bodies.get(me, `${version}:${lang}`);
    if (body === undefined) {
      // Parsed by the response schema as other routes are: nothing outside it reaches the client.
      body = JSON.stringify(listSchema.parse(await shipments.list(me, lang)));
      bodies.set(me, `${version}:${lang}`, body);
    }
    // A string is sent as it is, not serialised again.
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.route({ ...fromContract(apiRoutes.senderShipments), handler: senderList });

  app.route({
    ...fromContract(apiRoutes.cancelShipment),
    handler: async (req) => {
      const { userId } = currentUser(req);
      await beforeCancel(userId, req.params.id);
      return cancel(userId, req.params.id, req.body.fee, req.locale ?? 'nl');
    },
  });

  app.route({
    ...fromContract(apiRoutes.updateShipment),
    handler: async (req) => shipments.setInsurance(currentUser(req).userId, req.params.id, req.body.insurance, req.locale ?? 'nl'),
  });

  // Photos of a job that can still change. Another sender's job answers 404 before its body is read.
  app.route({
    ...fromContract(apiRoutes.addPhotos),
    handler: async (req) => {
      const { userId } = currentUser(req);
      const lang = req.locale ?? 'nl';
      await shipments.get(userId, req.params.id, lang);
      const { content, files } = await readContentAndFiles(req, MAX_PHOTOS_PER_PACKAGE);
      return shipments.addPhotos(userId, req.params.id, content, files, lang);
    },
  });

  app.route({
    ...fromContract(apiRoutes.removePhoto),
    handler: async (req) => shipments.removePhoto(currentUser(req).userId, req.params.id, req.params.photo, req.locale ?? 'nl'),
  });

  app.route({
    ...fromContract(apiRoutes.rate),
    handler: async (req, reply) => {
      await shipments.rate(currentUser(req).userId, req.body.shipment_id, req.body.rating);
      return reply.code(201).send(req.body);
    },
  });

  app.route({ ...fromContract(apiRoutes.getShipment), handler: async (req) => shipments.get(currentUser(req).userId, req.params.id, req.locale ?? 'nl') });
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
