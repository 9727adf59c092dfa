import { localeTag } from '@vm/client/locale.ts';
import { formatWindow } from '@vm/domain/window-format';
import type { LocationRead } from '@vm/domain/shipment';

export const timeWindow = (from: number, till: number, tz: string) => formatWindow(from, till, tz, localeTag());
/** Before acceptance a driver sees the postcode and town only. */
export const town = (l: LocationRead) => [l.address.zip, l.address.city].filter(Boolean).join(' ');
export const km = (metres: number) => Math.ceil(metres / 1000);
