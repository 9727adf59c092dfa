import { type EventBody, isLocale, type Locale, type MailSettings, parseEvent } from '@vm/domain';
import type { Selectable } from 'kysely';
import type { MailSettingsTable } from '../../db/schema.ts';
import { localPlaceName } from '../../lib/places.ts';
import type { DueMailJobRow, MailEventRow } from './mails.repository.ts';

// Rows to what the mail worker and the settings route use, in one place; event payloads are parsed
// through the domain's union.

/** A booked window in unix seconds, on the clock of its zone, and its place ("4000 Liège") in the recipient's language. */
export type MailWindow = { from: number; till: number; timezone: string; place: string };

/** An event as the mail consumer needs it. */
export type MailEvent = { id: number; userId: number; shipmentId: number | null; createdAt: Date; event: EventBody };

/** A due job with what it takes to write the mail. */
export type DueMailJob = Pick<DueMailJobRow, 'id' | 'userId' | 'kind' | 'shipmentId' | 'dedupeKey' | 'attempts' | 'email' | 'role'> & {
  locale: Locale;
  event: EventBody;
  /** The job's booked windows as they are now (null when the mail is about no shipment). */
  windows: { pickup: MailWindow; delivery: MailWindow } | null;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A missing row means every mail is on. */
export const toMailSettings = (row: Selectable<MailSettingsTable> | null): MailSettings => ({
  offer_received: row?.offerReceived ?? true,
  offer_accepted: row?.offerAccepted ?? true,
  delivered: row?.delivered ?? true,
  chat_unread: row?.chatUnread ?? true,
});

export const toMailEvent = (r: MailEventRow): MailEvent => ({ id: Number(r.id), userId: r.userId, shipmentId: r.shipmentId, createdAt: r.createdAt, event: parseEvent(r.type, JSON.parse(r.payload)) });

export function toDueMailJob(r: DueMailJobRow): DueMailJob {
  const locale = isLocale(r.locale) ? r.locale : 'nl';
  // The town in the recipient's language (Luik for a Dutch reader, Liège for a French one).
  const place = (zip: string | null, city: string | null, country: string | null, id: string | null) =>
    zip !== null && city !== null && country !== null ? `${zip} ${localPlaceName(city, zip, country, locale, id)}`.trim() : '';
  return {
    id: r.id,
    userId: r.userId,
    kind: r.kind,
    shipmentId: r.shipmentId,
    dedupeKey: r.dedupeKey,
    attempts: r.attempts,
    email: r.email,
    role: r.role,
    locale,
    event: parseEvent(r.type, JSON.parse(r.payload)),
    windows:
      r.pickupDateFrom && r.pickupDateTill && r.pickupTimezone && r.deliveryDateFrom && r.deliveryDateTill && r.deliveryTimezone
        ? {
            pickup: { from: seconds(r.pickupDateFrom), till: seconds(r.pickupDateTill), timezone: r.pickupTimezone, place: place(r.pickupZip, r.pickupCity, r.pickupCountry, r.pickupPlaceId) },
            delivery: {
              from: seconds(r.deliveryDateFrom),
              till: seconds(r.deliveryDateTill),
              timezone: r.deliveryTimezone,
              place: place(r.deliveryZip, r.deliveryCity, r.deliveryCountry, r.deliveryPlaceId),
            },
          }
        : null,
  };
}
