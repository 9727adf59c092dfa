import { type NewEvent, type PushRead, isListed, jsonMessage, parseEvent, pushReadSchema } from '@vm/domain';
import type { Insertable } from 'kysely';
import type { EventsTable } from '../../db/schema.ts';
import type { EventRow } from './events.repository.ts';

// Events between their rows and their wire shape, both ways through the domain's event union: a
// payload that does not fit its type is refused before it is written, and again when it is read.

/** An event as the hub hands it around: who it is for, and its wire shape (createdAt to the millisecond, for the lag metric). */
export type StoredEvent = { userId: number; push: PushRead; createdAt: Date };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The row of an event about to be written, its payload parsed and its text in every language. */
export function toEventRow(e: NewEvent, now: Date): Insertable<EventsTable> {
  const body = parseEvent(e.type, e.payload);
  return {
    userId: e.userId,
    type: body.type,
    shipmentId: e.shipmentId,
    payload: JSON.stringify(body.payload),
    message: JSON.stringify(jsonMessage(body)),
    listed: isListed(body.type),
    createdAt: now,
    dedupeKey: e.dedupeKey ?? null,
  };
}


export function toStoredEvent(r: EventRow): StoredEvent {
  const body = parseEvent(r.type, JSON.parse(r.payload));
  const json_message = pushReadSchema.shape.json_message.parse(JSON.parse(r.message));
  // The keys in the order the wire has always had them.
  const push: PushRead = { id: Number(r.id), type: body.type, shipment_id: r.shipmentId, created_at: seconds(r.createdAt), read_at: r.readAt ? seconds(r.readAt) : null, json_message, payload: body.payload };
  return { userId: r.userId, createdAt: r.createdAt, push };
}

export const toPushRead = (r: EventRow): PushRead => toStoredEvent(r).push;
