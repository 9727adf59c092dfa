import { type Address, formatAddress, parseAddressText } from '@vm/domain';
import type { Language } from '@vm/domain/postcodes';
import type { Geocoder } from './geo.ts';
import { getJson } from './http-json.ts';

// Photon (komoot) answers GeoJSON: coordinates are [lng, lat].
type PhotonFeature = {
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { name?: string; street?: string; housenumber?: string; postcode?: string; city?: string; countrycode?: string; type?: string; osm_key?: string };
};
type PhotonAnswer = { features: PhotonFeature[] };

/** Photon knows default (local names), en, de and fr; Dutch names are the local ones in Flanders and Brussels. */
const photonLanguage = (lang: Language) => (lang === 'nl' ? 'default' : lang);

const ATTRIBUTION = '© OpenStreetMap contributors (ODbL), Photon';

function toAddress(f: PhotonFeature, box = ''): Address {
  const p = f.properties;
  const [lng, lat] = f.geometry.coordinates;
  const parts = { street: p.street ?? (p.housenumber ? (p.name ?? '') : ''), number: p.housenumber ?? '', box, zip: p.postcode ?? '', city: p.city ?? (p.type === 'city' ? (p.name ?? '') : '') };
  return {
    ...parts,
    country: (p.countrycode ?? '').toUpperCase(),
    lat,
    lng,
    formatted: formatAddress(parts),
    precision: p.housenumber ? 'house' : p.street ? 'street' : 'locality',
    attribution: ATTRIBUTION,
  };
}

export function photonGeocoder(baseUrl: string, fetchImpl: typeof fetch = fetch): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  const search = async (q: string, limit: number, lang: Language) => {
    const box = parseAddressText(q).box;
    const url = `${base}/api/?${new URLSearchParams({ q, limit: String(limit), lang: photonLanguage(lang), lat: '50.85', lon: '4.35' })}`;
    const answer = await getJson<PhotonAnswer>('Photon', url, fetchImpl);
    return answer.features.map((f) => toAddress(f, box));
  };
  return {
    name: 'photon',
    autocomplete: (q, limit = 5, lang = 'nl') => search(q, limit, lang),
    async geocode(q, lang = 'nl') {
      return (await search(q, 1, lang))[0] ?? null;
    },
    async reverse(lat, lng, lang = 'nl') {
      const answer = await getJson<PhotonAnswer>('Photon', `${base}/reverse?${new URLSearchParams({ lat: String(lat), lon: String(lng), lang: photonLanguage(lang) })}`, fetchImpl);
      return answer.features[0] ? toAddress(answer.features[0]) : null;
    },
  };
}
