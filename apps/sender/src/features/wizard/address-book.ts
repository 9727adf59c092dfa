import { type Address, foldText } from '@vm/domain/address';
import type { ShipmentRead } from '@vm/domain/shipment';
import { locationAddress } from './from-shipment.ts';

/** A place of an earlier job, with what the sender said there: company name and instructions. */
export type SavedPlace = { address: Address; companyName: string; instructions: string };

/** How many places the address field offers at most. */
const MAX_PLACES = 30;
/** How many of them show under the field at once. */
export const SHOWN_PLACES = 5;

/** The places of the sender's jobs, the most recently booked first, each address once. */
export function addressBook(shipments: readonly ShipmentRead[]): SavedPlace[] {
  const seen = new Set<string>();
  const places: SavedPlace[] = [];
  for (const s of [...shipments].sort((a, b) => b.created_at - a.created_at)) {
    for (const l of [s.pickup_location, s.delivery_location]) {
      const key = `${foldText(l.address.formatted)}|${foldText(l.address.name)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push({ address: locationAddress(l), companyName: l.address.name, instructions: l.notes });
    }
  }
  return places.slice(0, MAX_PLACES);
}

/** The places whose address or company name holds every word typed (all of them while nothing is typed). */
export function matchingPlaces(places: readonly SavedPlace[], text: string): SavedPlace[] {
  const words = foldText(text).split(/\s+/).filter(Boolean);
  return places.filter((p) => words.every((w) => foldText(`${p.companyName} ${p.address.formatted}`).includes(w))).slice(0, SHOWN_PLACES);
}
