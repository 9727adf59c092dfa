// Belgian postal codes: every postcode with the places (deelgemeenten) it serves, from the
// GeoNames postal code data in packages/domain/geodata/be-postcodes.tsv (CC BY 4.0, see
// docs/decisions/0010-postcodes.md). Pure: the caller reads the file and hands over its text.
import { foldText } from './address.ts';

export type Language = 'nl' | 'fr' | 'en';

export type PostcodePlace = {
  zip: string;
  /** The name in the data (the place's own language: Gent, Liège, Bruxelles). */
  name: string;
  /** Dutch and French names where Belgium uses both (Brussel/Bruxelles, Luik/Liège). */
  nl: string;
  fr: string;
  lat: number;
  lng: number;
  province: string;
};

export const POSTCODES_ATTRIBUTION = 'GeoNames (geonames.org), CC BY 4.0';

/**
 * Places with an official name in both languages (the Brussels communes, language-border
 * municipalities and the towns every Belgian knows by both names): [Dutch, French], and the
 * province where a name also belongs to another place that has one name only (2430 Vorst in
 * Laakdal, 7910 Forest in Frasnes, 3800 Aalst in Sint-Truiden).
 */
const BILINGUAL: [nl: string, fr: string, province?: string][] = [
  ['Brussel', 'Bruxelles'],
  ['Laken', 'Laeken'],
  ['Schaarbeek', 'Schaerbeek'],
  ['Elsene', 'Ixelles'],
  ['Oudergem', 'Auderghem'],
  ['Sint-Agatha-Berchem', 'Berchem-Sainte-Agathe'],
  ['Vorst', 'Forest', 'BRU'],
  ['Sint-Jans-Molenbeek', 'Molenbeek-Saint-Jean'],
  ['Sint-Gillis', 'Saint-Gilles'],
  ['Sint-Joost-ten-Node', 'Saint-Josse-ten-Noode'],
  ['Ukkel', 'Uccle'],
  ['Watermaal-Bosvoorde', 'Watermael-Boitsfort'],
  ['Sint-Lambrechts-Woluwe', 'Woluwe-Saint-Lambert'],
  ['Sint-Pieters-Woluwe', 'Woluwe-Saint-Pierre'],
  ['Luik', 'Liège'],
  ['Bergen', 'Mons'],
  ['Namen', 'Namur'],
  ['Doornik', 'Tournai'],
  ['Nijvel', 'Nivelles'],
  ['Waver', 'Wavre'],
  ['Geldenaken', 'Jodoigne'],
  ['Edingen', 'Enghien'],
  ['Aat', 'Ath'],
  ['Moeskroen', 'Mouscron'],
  ['Komen', 'Comines'],
  ['Hoei', 'Huy'],
  ['Borgworm', 'Waremme'],
  ['Zinnik', 'Soignies'],
  ['Lessen', 'Lessines'],
  ['Vloesberg', 'Flobecq'],
  ['Gent', 'Gand'],
  ['Antwerpen', 'Anvers'],
  ['Brugge', 'Bruges'],
  ['Kortrijk', 'Courtrai'],
  ['Ieper', 'Ypres'],
  ['Leuven', 'Louvain'],
  ['Mechelen', 'Malines'],
  ['Tienen', 'Tirlemont'],
  ['Oudenaarde', 'Audenarde'],
  ['Ronse', 'Renaix'],
  ['Tongeren', 'Tongres'],
  ['Sint-Truiden', 'Saint-Trond'],
  ['Aalst', 'Alost', 'VOV'],
  ['Dendermonde', 'Termonde'],
  ['Veurne', 'Furnes'],
  ['Oostende', 'Ostende'],
  ['Vilvoorde', 'Vilvorde'],
  ['Geraardsbergen', 'Grammont'],
  ['Lier', 'Lierre'],
  ['Menen', 'Menin'],
  ['Voeren', 'Fourons'],
  ['Spiere-Helkijn', 'Espierres-Helchin'],
  ['Kraainem', 'Crainhem'],
  ['Sint-Genesius-Rode', 'Rhode-Saint-Genèse'],
  ['Zoutleeuw', 'Léau'],
  ['Nieuwpoort', 'Nieuport'],
  ['Diksmuide', 'Dixmude'],
];
const byFolded = new Map<string, (typeof BILINGUAL)[number]>();
for (const pair of BILINGUAL) for (const n of pair.slice(0, 2)) byFolded.set(foldText(n!), pair);

/** Parses the data file: "postcode TAB place TAB lat TAB lng TAB province", '#' starts a comment. */
export function parsePostcodes(text: string): PostcodePlace[] {
  const places: PostcodePlace[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [zip, name, lat, lng, province] = line.split('\t');
    if (!zip || !name || !/^\d{4}$/.test(zip)) continue;
    const where = (province ?? '').trim();
    const found = byFolded.get(foldText(name));
    const pair = found && (!found[2] || found[2] === where) ? found : undefined;
    places.push({ zip, name, nl: pair?.[0] ?? name, fr: pair?.[1] ?? name, lat: Number(lat), lng: Number(lng), province: where });
  }
  return places;
}

/** The place's name for the UI language: Dutch or French where both exist, else its own name. */
export function placeName(p: Pick<PostcodePlace, 'name' | 'nl' | 'fr'>, lang: Language): string {
  if (lang === 'nl') return p.nl;
  if (lang === 'fr') return p.fr;
  return p.name;
}

/** Every name a sender might type for the place (Brussel, Bruxelles, Luik, Liège). */
export const placeNames = (p: PostcodePlace): string[] => [...new Set([p.name, p.nl, p.fr])];

/**
 * A place's stable id: its postcode and its name in the data, folded ("4000-liege"). Stored with a
 * shipment's address so the town can be named in each reader's language; it survives a refresh of
 * the data as long as bpost keeps the postcode and the place its name.
 */
export const placeId = (p: Pick<PostcodePlace, 'zip' | 'name'>): string => `${p.zip}-${foldText(p.name).replace(/\s+/g, '-')}`;

export type PostcodeIndex = {
  readonly places: readonly PostcodePlace[];
  /** The places a postcode serves, in the data's order (the main place first). */
  byZip(zip: string): PostcodePlace[];
  /** The place of a placeId, if the data still has it. */
  byId(id: string): PostcodePlace | undefined;
  /** The place a postcode serves under this name in any of its languages (4000 Luik is 4000 Liège). */
  find(zip: string, name: string): PostcodePlace | undefined;
};

export function postcodeIndex(places: PostcodePlace[]): PostcodeIndex {
  const zips = new Map<string, PostcodePlace[]>();
  const ids = new Map<string, PostcodePlace>();
  for (const p of places) {
    zips.set(p.zip, [...(zips.get(p.zip) ?? []), p]);
    if (!ids.has(placeId(p))) ids.set(placeId(p), p);
  }
  const byZip = (zip: string) => zips.get(zip.trim()) ?? [];
  return {
    places,
    byZip,
    byId: (id) => ids.get(id),
    find(zip, name) {
      const folded = foldText(name);
      return byZip(zip).find((p) => placeNames(p).some((n) => foldText(n) === folded));
    },
  };
}

/** Reads the UI language from an Accept-Language header ("nl-BE,nl;q=0.9"): nl unless fr or en comes first. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if (tag === 'nl' || tag === 'fr' || tag === 'en') return tag;
  }
  return 'nl';
}
