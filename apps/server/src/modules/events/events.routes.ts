import type { PushRead } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../lib/request-context.ts';
import { rowId } from '../../lib/validate.ts';
import type { EventsService } from './events.service.ts';
import type { StoredEvent } from './events.repository.ts';
import type { SseStreams } from './sse-streams.ts';

type Options = { events: EventsService; streams: SseStreams };

const eventId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const pushSchema = z.object({
  id: z.number(),
  type: z.string(),
  shipment_id: z.number().nullable(),
  created_at: z.number(),
  read_at: z.number().nullable(),
  json_message: z.object({ nl: z.string(), fr: z.string(), en: z.string() }),
  payload: z.record(z.string(), z.unknown()),
});
const unread = z.object({ unread_count: z.number() });

export const eventsRoutes: FastifyPluginAsyncZod<Options> = async (app, { events, streams }) => {
  // The SPEC's call, kept for its role: what the browser needs to open its live stream, plus the last 5 pushes.
  app.post(
    '/api/firebase_token',
    { onRequest: requireUser, schema: { response: { 200: z.object({ token: z.string(), expires_in: z.number(), stream_url: z.string(), pushes: z.array(pushSchema) }) } } },
    async (req) => ({ ...(await events.streamToken(currentUser(req).userId)), stream_url: '/api/events' }),
  );

  // Server-Sent Events for one user. EventSource cannot send headers, so it brings a stream token
  // in the query (?token=, single use); other clients may send their bearer token instead.
  app.get(
    '/api/events',
    { schema: { querystring: z.object({ token: z.string().max(200).optional(), last_event_id: eventId.optional() }) } },
    async (req, reply) => {
      const userId = req.query.token ? await events.useStreamToken(req.query.token) : currentUser(req).userId;

      const header = req.headers['last-event-id'];
      const resumeFrom = eventId.safeParse(typeof header === 'string' && header ? header : req.query.last_event_id);
      const after = resumeFrom.success ? resumeFrom.data : null;

      // Subscribe first and hold live events back while the missed ones are read, so that none
      // falls between the replay and the live feed, and none comes twice.
      let lastSent = after ?? 0;
      let held: StoredEvent[] | null = [];
      const send = (p: PushRead) => {
        if (p.id <= lastSent) return;
        lastSent = p.id;
        stream.send(p.id, p);
        // Signed out everywhere (a new password, a leaked refresh token): the stream ends with the
        // sessions; a reconnect needs a valid session again.
        if (p.type === 'session.revoked') stream.close();
      };
      const unsubscribe = events.subscribe(userId, (e) => (held ? held.push(e) : send(e.push)));
      reply.hijack();
      const stream = streams.open(reply.raw, reply.getHeaders() as Record<string, string>, unsubscribe);
      try {
        if (after !== null) for (const e of await events.missed(userId, after)) send(e.push);
        for (const e of held) send(e.push);
      } finally {
        held = null;
      }
    },
  );

  app.get(
    '/api/pushes',
    {
      onRequest: requireUser,
      schema: {
        querystring: z.object({ before: rowId.optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: z.object({ items: z.array(pushSchema), unread_count: z.number(), next_before: z.number().nullable() }) },
      },
    },
    async (req) => events.pushes(currentUser(req).userId, req.query.before ?? null, req.query.limit),
  );

  app.post('/api/pushes/read', { onRequest: requireUser, schema: { response: { 200: unread } } }, async (req) => events.markAllRead(currentUser(req).userId));

  app.post('/api/pushes/:id/read', { onRequest: requireUser, schema: { params: z.object({ id: rowId }), response: { 200: unread } } }, async (req) => {
    const r = await events.markRead(currentUser(req).userId, req.params.id);
    if (!r) throw notFound();
    return r;
  });
};
