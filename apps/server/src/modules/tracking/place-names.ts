import fs from 'node:fs';
import { foldText, type Locale } from '@vm/domain';
import { placeName, placeNames, type PostcodeIndex, postcodeIndex } from '@vm/domain/postcodes';
import { type GeoData, LOCALITIES_FILE } from '../../geo-data/generated-data.ts';

// A Belgian place in the reader's language where both names exist (Brussel/Bruxelles,
// Luik/Liège), from the postcode data the embedded geocoder uses. A place the data does not know
// by that postcode and name keeps the name it was stored with.

let index: PostcodeIndex | null | undefined;
function load(file: string): PostcodeIndex | null {
  try {
    return postcodeIndex((JSON.parse(fs.readFileSync(file, 'utf8')) as Pick<GeoData, 'postcodes'>).postcodes);
  } catch {
    return null;
  }
}

export function localPlaceName(city: string, zip: string, country: string, lang: Locale, file = LOCALITIES_FILE): string {
  if (country !== 'BE') return city;
  if (index === undefined) index = load(file);
  if (!index) return city;
  const folded = foldText(city);
  const place = index.byZip(zip).find((p) => placeNames(p).some((n) => foldText(n) === folded));
  return place ? placeName(place, lang) : city;
}
