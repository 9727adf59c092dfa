import fs from 'node:fs';
import { type Address, foldText, formatAddress, parseAddressText } from '@vm/domain';
import type { Geocoder } from './geo.ts';
import { haversineMetres } from '@vm/domain/distance';

export type Locality = { id: number; name: string; names: string[]; lat: number; lng: number; region: string; population: number };

type Indexed = Locality & { folded: { key: string; name: string }[] };

export const GEONAMES_ATTRIBUTION = 'GeoNames (geonames.org), CC BY 4.0';
/** Farther than this from any locality, a point has no address (e.g. in the North Sea). */
const MAX_REVERSE_METRES = 15_000;

/**
 * Works offline on the Belgian localities of GeoNames (extracted at build time). It knows towns,
 * not streets: street, number and box come from the sender's own text, lat/lng are the town's, and
 * every answer says precision 'locality'.
 */
export function embeddedGeocoder(localities: Locality[]): Geocoder {
  const index: Indexed[] = localities.map((l) => {
    const byKey = new Map<string, string>();
    for (const name of [l.name, ...l.names]) if (!byKey.has(foldText(name))) byKey.set(foldText(name), name);
    return { ...l, folded: [...byKey].map(([key, name]) => ({ key, name })) };
  });

  const toAddress = (l: Locality, parsed: ReturnType<typeof parseAddressText>, cityName?: string): Address => {
    const parts = { street: parsed.street, number: parsed.number, box: parsed.box, zip: parsed.zip, city: cityName ?? l.name };
    return { ...parts, country: 'BE', lat: l.lat, lng: l.lng, formatted: formatAddress(parts), precision: 'locality', attribution: GEONAMES_ATTRIBUTION };
  };

  /** Localities whose name (in any language) starts with the text, exact matches and big towns first. */
  function match(cityText: string, limit: number): { l: Indexed; name: string }[] {
    const q = foldText(cityText);
    if (q.length < 2) return [];
    const hits: { l: Indexed; name: string; score: number }[] = [];
    for (const l of index) {
      const exact = l.folded.find((f) => f.key === q);
      if (exact) {
        // Show the name the sender used (Luik, Bergen, Bruxelles).
        hits.push({ l, name: exact.name, score: 2 });
        continue;
      }
      const prefixed = l.folded.filter((f) => f.key.startsWith(q));
      if (prefixed.length === 0) continue;
      // Prefer the town's own name, else the shortest name that matched.
      const own = prefixed.find((f) => f.name === l.name);
      hits.push({ l, name: own?.name ?? prefixed.sort((a, b) => a.key.length - b.key.length)[0]!.name, score: 1 });
    }
    hits.sort((a, b) => b.score - a.score || b.l.population - a.l.population);
    return hits.slice(0, limit);
  }

  return {
    name: 'embedded',
    async autocomplete(query, limit = 5) {
      const parsed = parseAddressText(query);
      const cityText = parsed.city || (parsed.number ? '' : parsed.street);
      return match(cityText, limit).map(({ l, name }) => toAddress(l, parsed, name));
    },
    async geocode(query) {
      const parsed = parseAddressText(query);
      const [best] = match(parsed.city, 1);
      return best ? toAddress(best.l, parsed, best.name) : null;
    },
    async reverse(lat, lng) {
      let nearest: Indexed | null = null;
      let distance = Infinity;
      for (const l of index) {
        const d = haversineMetres({ lat, lng }, l);
        if (d < distance) {
          distance = d;
          nearest = l;
        }
      }
      if (!nearest || distance > MAX_REVERSE_METRES) return null;
      const parsed = { street: '', number: '', box: '', zip: '', city: nearest.name };
      return { ...toAddress(nearest, parsed), lat, lng };
    },
  };
}

export function loadLocalities(file: string): Locality[] {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { localities: Locality[] };
  return data.localities;
}
