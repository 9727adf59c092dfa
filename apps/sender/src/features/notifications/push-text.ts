import type { PushRead } from '@vm/domain/events';
import { isLocale } from '@vm/domain/messages-nl';

/** The push's sentence in the interface language (Dutch when we lack it). */
export function pushText(push: PushRead, language: string): string {
  const locale = isLocale(language) ? language : 'nl';
  return push.json_message[locale] || push.json_message.nl;
}

const parts = new Intl.DateTimeFormat('nl-BE', {
  timeZone: 'Europe/Brussels',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** created_at as dd/mm HH:mm in Belgian time. */
export function formatPushTime(seconds: number): string {
  const p = Object.fromEntries(parts.formatToParts(seconds * 1000).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month} ${p.hour}:${p.minute}`;
}

/**
 * Whether the screen shows the push's job already (its page or its chat): the page changes live,
 * so the push says nothing there on top of it (one message per event).
 */
export const onScreen = (push: Pick<PushRead, 'shipment_id'>, pathname: string) =>
  push.shipment_id !== null && (pathname === `/jobs/${push.shipment_id}` || pathname === `/chat/${push.shipment_id}`);

/** Where clicking a push goes: its job, if it has one. */
export const pushTarget = (push: Pick<PushRead, 'shipment_id'>) => (push.shipment_id !== null ? `/jobs/${push.shipment_id}` : null);
