import fs from 'node:fs';
import { type Address, foldText, formatAddress, parseAddressText } from '@vm/domain';
import { haversineMetres } from '@vm/domain/distance';
import { type Language, placeName, placeNames, type PostcodePlace, postcodeIndex } from '@vm/domain/postcodes';
import type { GeoData, Outline } from '../../geo-data/generated-data.ts';
import type { Geocoder } from './geo.ts';

export type Locality = { id: number; name: string; names: string[]; lat: number; lng: number; region: string; population: number };

export const GEONAMES_ATTRIBUTION = 'GeoNames (geonames.org), CC BY 4.0';
/** A town of cities500 lends its population to a postcode place of the same name this close by. */
const SAME_PLACE_METRES = 10_000;

type Entry = { place: PostcodePlace; keys: string[]; population: number };
type Parsed = ReturnType<typeof parseAddressText>;

/** Ray casting over Belgium's outer rings: is the point on Belgian land? */
export function insideOutline(outline: Outline, lat: number, lng: number): boolean {
  return outline.some((ring) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}

/**
 * Works offline on every Belgian postcode and its places (GeoNames, extracted at build time). It
 * knows places, not streets: street, number and box are the sender's own text, lat/lng are the
 * place's, and every answer says precision 'locality'. Names follow the UI language (Brussel or
 * Bruxelles); a click off Belgian land has no address.
 */
export function embeddedGeocoder(data: Pick<GeoData, 'localities' | 'postcodes' | 'belgium'>): Geocoder {
  const index = postcodeIndex(data.postcodes);
  const towns = new Map<string, Locality[]>();
  for (const l of data.localities) for (const key of new Set(l.names.map(foldText))) towns.set(key, [...(towns.get(key) ?? []), l]);
  const entries: Entry[] = data.postcodes.map((place) => {
    const keys = placeNames(place).map(foldText);
    const population = Math.max(0, ...keys.flatMap((k) => towns.get(k) ?? []).filter((l) => haversineMetres(l, place) < SAME_PLACE_METRES).map((l) => l.population));
    return { place, keys, population };
  });

  const toAddress = (place: PostcodePlace, parsed: Pick<Parsed, 'street' | 'number' | 'box'>, lang: Language): Address => {
    const parts = { street: parsed.street, number: parsed.number, box: parsed.box, zip: place.zip, city: placeName(place, lang) };
    return { ...parts, country: 'BE', lat: place.lat, lng: place.lng, formatted: formatAddress(parts), precision: 'locality', attribution: GEONAMES_ATTRIBUTION };
  };

  /** Places named like the text (any language), exact names and big towns first, one per name. */
  function byName(cityText: string, exactOnly = false): PostcodePlace[] {
    const q = foldText(cityText);
    if (q.length < 2) return [];
    const hits: { e: Entry; score: number }[] = [];
    for (const e of entries) {
      if (e.keys.includes(q)) hits.push({ e, score: 2 });
      else if (!exactOnly && e.keys.some((k) => k.startsWith(q))) hits.push({ e, score: 1 });
    }
    hits.sort((a, b) => b.score - a.score || b.e.population - a.e.population || a.e.place.zip.localeCompare(b.e.place.zip));
    // Antwerpen has seven postcodes: without a postcode typed, suggest it once (its first postcode).
    const seen = new Set<string>();
    return hits.filter(({ e }) => !seen.has(e.keys[0]!) && seen.add(e.keys[0]!)).map(({ e }) => e.place);
  }

  /** The places a postcode serves, those named like the typed town first. */
  function byZip(zip: string, cityText: string): PostcodePlace[] {
    const q = foldText(cityText);
    const places = index.byZip(zip);
    if (!q) return places;
    const rank = (p: PostcodePlace) => (placeNames(p).some((n) => foldText(n) === q) ? 0 : placeNames(p).some((n) => foldText(n).startsWith(q)) ? 1 : 2);
    return [...places].sort((a, b) => rank(a) - rank(b));
  }

  function search(query: string, limit: number, lang: Language): Address[] {
    const parsed = parseAddressText(query);
    if (parsed.zip && index.byZip(parsed.zip).length > 0) return byZip(parsed.zip, parsed.city).slice(0, limit).map((p) => toAddress(p, parsed, lang));
    const cityText = parsed.city || (parsed.number ? '' : parsed.street);
    const found = byName(cityText).slice(0, limit);
    if (found.length > 0 || !parsed.street || !parsed.number || parsed.city) return found.map((p) => toAddress(p, parsed, lang));
    // "Antwerpen Meir 1": the town's name may lead the street without a comma.
    const words = parsed.street.split(' ');
    for (let k = words.length - 1; k >= 1; k--) {
      const [town] = byName(words.slice(0, k).join(' '), true);
      if (town) return [toAddress(town, { ...parsed, street: words.slice(k).join(' ') }, lang)];
    }
    return [];
  }

  return {
    name: 'embedded',
    async autocomplete(query, limit = 5, lang = 'nl') {
      return search(query, limit, lang);
    },
    async geocode(query, lang = 'nl') {
      return search(query, 1, lang)[0] ?? null;
    },
    async reverse(lat, lng, lang = 'nl') {
      if (!insideOutline(data.belgium, lat, lng)) return null;
      let nearest: PostcodePlace | null = null;
      let distance = Infinity;
      for (const p of data.postcodes) {
        const d = haversineMetres({ lat, lng }, p);
        if (d < distance) {
          distance = d;
          nearest = p;
        }
      }
      if (!nearest) return null;
      return { ...toAddress(nearest, { street: '', number: '', box: '' }, lang), lat, lng };
    },
  };
}

export function loadGeoData(file: string): GeoData {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as GeoData;
}
