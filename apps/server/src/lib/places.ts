import fs from 'node:fs';
import type { Locale } from '@vm/domain';
import { placeId, placeName, type PostcodeIndex, postcodeIndex } from '@vm/domain/postcodes';
import { type GeoData, LOCALITIES_FILE } from '../geo-data/generated-data.ts';

// Belgian places by the postcode data the embedded geocoder uses (decision 0010). An address is
// stored with its place's id, so every reader (sender, driver, mail, tracking page) gets the town
// in their own language where both names exist (Brussel/Bruxelles, Luik/Liège). A place the data
// does not know keeps the name it was stored with.

let index: PostcodeIndex | null | undefined;
function load(file: string): PostcodeIndex | null {
  try {
    return postcodeIndex((JSON.parse(fs.readFileSync(file, 'utf8')) as Pick<GeoData, 'postcodes'>).postcodes);
  } catch {
    return null;
  }
}
const places = (file = LOCALITIES_FILE) => {
  if (index === undefined) index = load(file);
  return index;
};

/** The stable id of the place an address names (its postcode and town in either language), or null. */
export function placeIdOf(zip: string, city: string, country: string): string | null {
  if (country !== 'BE') return null;
  const place = places()?.find(zip, city);
  return place ? placeId(place) : null;
}

/** The address's town for a reader: by its place id, else by postcode and name, else as stored. */
export function localPlaceName(city: string, zip: string, country: string, lang: Locale, id: string | null = null): string {
  if (country !== 'BE') return city;
  const index = places();
  const place = (id !== null ? index?.byId(id) : undefined) ?? index?.find(zip, city);
  return place ? placeName(place, lang) : city;
}
