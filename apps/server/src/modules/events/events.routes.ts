import { apiRoutes, type PushRead } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { currentUser } from '../../lib/request-context.ts';
import type { EventsService } from './events.service.ts';
import type { StoredEvent } from './events.repository.ts';
import type { SseStreams } from './sse-streams.ts';

type Options = { events: EventsService; streams: SseStreams };

/** The same bound for the Last-Event-ID header as for the query parameter. */
const eventId = apiRoutes.events.querystring.shape.last_event_id.unwrap();

export const eventsRoutes: FastifyPluginAsyncZod<Options> = async (app, { events, streams }) => {
  // The SPEC's call, kept for its role: what the browser needs to open its live stream, plus the last 5 pushes.
  app.route({ ...fromContract(apiRoutes.streamToken), handler: async (req) => ({ ...(await events.streamToken(currentUser(req).userId)), stream_url: '/api/events' }) });

  // Server-Sent Events for one user. EventSource cannot send headers, so it brings a stream token
  // in the query (?token=, single use); other clients may send their bearer token instead.
  app.route({
    ...fromContract(apiRoutes.events),
    handler: async (req, reply) => {
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
      const stream = streams.open(reply.raw, reply.getHeaders() as Record<string, string>, userId, unsubscribe);
      try {
        if (after !== null) for (const e of await events.missed(userId, after)) send(e.push);
        for (const e of held) send(e.push);
      } finally {
        held = null;
      }
    },
  });

  app.route({ ...fromContract(apiRoutes.pushes), handler: async (req) => events.pushes(currentUser(req).userId, req.query.before ?? null, req.query.limit) });

  app.route({ ...fromContract(apiRoutes.readAllPushes), handler: async (req) => events.markAllRead(currentUser(req).userId) });

  app.route({
    ...fromContract(apiRoutes.readPush),
    handler: async (req) => {
      const r = await events.markRead(currentUser(req).userId, req.params.id);
      if (!r) throw notFound();
      return r;
    },
  });
};
