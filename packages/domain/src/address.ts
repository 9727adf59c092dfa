import { z } from 'zod';
// Addresses as SPEC section 3 normalises them, and the parser of what a sender types:
// "street number [box], [zip] city" (Belgian style), e.g. "Kerkstraat 12 bus 3, 3500 Hasselt".

export const PRECISIONS = ['house', 'street', 'locality'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** A geocoder's answer (GET /api/geo/autocomplete and /reverse). */
export const addressSchema = z.object({
  street: z.string(),
  number: z.string(),
  box: z.string(),
  zip: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  formatted: z.string(),
  /** How exact lat/lng are: the embedded geocoder only knows localities. */
  precision: z.enum(PRECISIONS),
  attribution: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export type ParsedAddressText = { street: string; number: string; box: string; zip: string; city: string };

const BOX = /\s*(?:,\s*)?(?:bus|boîte|boite|bte|box|b\.)\s*([\w-]+)\s*$/i;
/** A country named after the town ("…, Hasselt, België") is not the town. */
const COUNTRY = /^(belgi[eë]|belgique|belgium|belgien|belgie|be)$/i;
/** A postcode, with the optional country prefix of "B-3500 Hasselt". */
const ZIP = /(?:(?<=^|\s)(?:B|BE)-)?\b(\d{4})(?=\s+\p{L}|$)/iu;
/** "Meir 1 Antwerpen", "Kerkstraat 12 bus 3 Gent": street, number, [box,] town in one run. */
const STREET_NUMBER_TOWN = /^(\D*\p{L}\D*?)\s+(\d+[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?)(?:\s+(?:bus|boîte|boite|bte|box|b\.)\s*([\w-]+))?\s+(\p{L}[\p{L}\s'’.()-]*)$/iu;

/** Splits the typed text; parts it cannot find are empty strings. */
export function parseAddressText(text: string): ParsedAddressText {
  const result: ParsedAddressText = { street: '', number: '', box: '', zip: '', city: '' };
  const cleaned = text.replace(/\s+/g, ' ').trim();
  if (!cleaned) return result;
  const parts = cleaned
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) parts.pop();

  // The locality part: the last part with a postcode before a name ("3500 Hasselt"). Without a
  // postcode: the town is the part without digits when another part holds the number (town first
  // or last: "Antwerpen, Meir 1", "Meir 1, Antwerpen"), else the last part after a comma. A 4-digit
  // house number ("Kerkstraat 1234") is no postcode.
  let localityIdx = parts.findLastIndex((p) => ZIP.test(p) && !/^\p{L}[^,]*\s\d{4}$/u.test(p));
  if (localityIdx < 0 && parts.length > 1) {
    const withDigit = parts.some((p) => /\d/.test(p));
    const wordOnly = parts.findLastIndex((p) => !/\d/.test(p));
    localityIdx = withDigit && wordOnly >= 0 ? wordOnly : parts.length - 1;
  }
  if (localityIdx < 0) {
    const run = STREET_NUMBER_TOWN.exec(parts[0]!);
    if (run) return { street: run[1]!.trim(), number: run[2]!, box: run[3] ?? '', zip: '', city: run[4]!.trim() };
  }
  if (localityIdx >= 0) {
    const loc = parts[localityIdx]!;
    const zip = ZIP.exec(loc);
    result.zip = zip?.[1] ?? '';
    if (zip) {
      result.city = loc.slice(zip.index + zip[0].length).trim();
      // "Kerkstraat 12 3500 Hasselt": street and locality in one part.
      const before = loc.slice(0, zip.index).trim();
      if (before) parts.splice(localityIdx, 1, before);
      else parts.splice(localityIdx, 1);
    } else {
      result.city = loc;
      parts.splice(localityIdx, 1);
    }
  }

  let streetPart = parts.join(' ').trim();
  const box = BOX.exec(streetPart);
  if (box) {
    result.box = box[1]!;
    streetPart = streetPart.slice(0, box.index).trim();
  }
  // "Kerkstraat 12A" (Dutch order) or "12 rue de la Loi" (French order).
  const tail = /^(.*\D)\s+(\d+[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?)$/.exec(streetPart);
  const head = /^(\d+[a-zA-Z]?)\s*,?\s+(\D.*)$/.exec(streetPart);
  if (tail) {
    result.street = tail[1]!.trim();
    result.number = tail[2]!;
  } else if (head) {
    result.number = head[1]!;
    result.street = head[2]!.trim();
  } else {
    result.street = streetPart;
  }
  if (localityIdx < 0 && !result.number) {
    // A lone word such as "Hasselt" is a locality, not a street.
    result.city = result.street;
    result.street = '';
  }
  return result;
}

/** SPEC section 5: an address needs a street and a number. */
export const hasStreetAndNumber = (a: Pick<Address, 'street' | 'number'>) => a.street.trim() !== '' && a.number.trim() !== '';

export function formatAddress(a: Pick<Address, 'street' | 'number' | 'box' | 'zip' | 'city'>): string {
  const line1 = [a.street, a.number].filter(Boolean).join(' ') + (a.box ? ` bus ${a.box}` : '');
  const line2 = [a.zip, a.city].filter(Boolean).join(' ');
  return [line1.trim(), line2].filter(Boolean).join(', ');
}

/** Lower case without diacritics, for matching Liège to "liege" and Bruxelles to "BRUXELLES". */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’']/g, "'").trim();
}
