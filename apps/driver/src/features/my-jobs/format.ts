import { localeTag } from '@vm/client/locale.ts';
import { formatWindow } from '@vm/domain/window-format';
import type { LocationRead } from '@vm/domain/shipment';

export const timeWindow = (from: number, till: number, tz: string) => formatWindow(from, till, tz, localeTag());
export const town = (l: LocationRead) => [l.address.zip, l.address.city].filter(Boolean).join(' ');
/** The full address once the job is accepted. */
export const fullAddress = (l: LocationRead) => l.address.formatted || [[l.address.street, l.address.number, l.address.box].filter(Boolean).join(' '), town(l)].filter(Boolean).join(', ');
export const clock = (ms: number) => new Intl.DateTimeFormat(localeTag(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms);
/** Opens the phone's map app with directions to the stop. */
export const directionsUrl = (l: Pick<LocationRead, 'lat' | 'lng'>) => `https://www.google.com/maps/dir/?api=1&destination=${l.lat},${l.lng}`;
export const geoUri = (l: Pick<LocationRead, 'lat' | 'lng'>) => `geo:${l.lat},${l.lng}?q=${l.lat},${l.lng}`;
