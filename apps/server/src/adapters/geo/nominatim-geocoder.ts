import { type Address, formatAddress, parseAddressText } from '@vm/domain';
import type { Language } from '@vm/domain/postcodes';
import type { Geocoder } from './geo.ts';
import { getJson } from './http-json.ts';

// Nominatim (jsonv2 + addressdetails): lat and lon are strings.
type NominatimPlace = {
  lat: string;
  lon: string;
  address?: { road?: string; pedestrian?: string; house_number?: string; postcode?: string; city?: string; town?: string; village?: string; municipality?: string; country_code?: string };
};

const ATTRIBUTION = '© OpenStreetMap contributors (ODbL), Nominatim';

function toAddress(p: NominatimPlace, box = ''): Address {
  const a = p.address ?? {};
  const parts = { street: a.road ?? a.pedestrian ?? '', number: a.house_number ?? '', box, zip: a.postcode ?? '', city: a.city ?? a.town ?? a.village ?? a.municipality ?? '' };
  return {
    ...parts,
    country: (a.country_code ?? '').toUpperCase(),
    lat: Number(p.lat),
    lng: Number(p.lon),
    formatted: formatAddress(parts),
    precision: parts.number ? 'house' : parts.street ? 'street' : 'locality',
    attribution: ATTRIBUTION,
  };
}

/** Nominatim's usage policy asks for an identifying User-Agent and at most 1 request/s. */
export function nominatimGeocoder(baseUrl: string, userAgent: string, fetchImpl: typeof fetch = fetch): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  const headers = { 'user-agent': userAgent };
  const search = async (q: string, limit: number, lang: Language) => {
    const params = new URLSearchParams({ q, format: 'jsonv2', addressdetails: '1', limit: String(limit), countrycodes: 'be,nl,lu,fr,de', 'accept-language': lang });
    const places = await getJson<NominatimPlace[]>('Nominatim', `${base}/search?${params}`, fetchImpl, headers);
    const box = parseAddressText(q).box;
    return places.map((p) => toAddress(p, box));
  };
  return {
    name: 'nominatim',
    autocomplete: (q, limit = 5, lang = 'nl') => search(q, limit, lang),
    async geocode(q, lang = 'nl') {
      return (await search(q, 1, lang))[0] ?? null;
    },
    async reverse(lat, lng, lang = 'nl') {
      const params = new URLSearchParams({ lat: String(lat), lon: String(lng), format: 'jsonv2', addressdetails: '1', 'accept-language': lang });
      const place = await getJson<NominatimPlace & { error?: string }>('Nominatim', `${base}/reverse?${params}`, fetchImpl, headers);
      return place.error ? null : toAddress(place);
    },
  };
}
