import { type Address, formatAddress, parseAddressText } from '@vm/domain/address';
import { call } from '@vm/client/api-client.ts';

/** GET /api/geo/reverse: the address at a point, or null (the sea, abroad). */
export const reverseGeocode = (lat: number, lng: number) => call('GET /api/geo/reverse', { query: { lat, lng } });

/**
 * A click or drag on the map: the place found there, or null (the sea, abroad). The geocoder may
 * know only the postcode and town (embedded mode): then the street, number and box the sender
 * already gave are kept, and only the postcode, town and point change.
 */
export async function addressAtPoint(previous: Address | null, typed: string, lat: number, lng: number): Promise<Address | null> {
  const found = await reverseGeocode(lat, lng).catch(() => null);
  if (!found) return null;
  const here = { ...found, lat, lng };
  // The chosen address, else what the sender typed without picking a suggestion.
  const given = previous ?? parseAddressText(typed);
  if (found.street || !given.street) return here;
  const parts = { street: given.street, number: given.number, box: given.box, zip: found.zip, city: found.city };
  return { ...here, ...parts, formatted: formatAddress(parts) };
}
