import type { AppConfig } from '../../env.ts';
import { LOCALITIES_FILE } from '../../geo-data/generated-data.ts';
import { embeddedGeocoder, loadGeoData } from './embedded-geocoder.ts';
import type { Geocoder, Router } from './geo.ts';
import { haversineRouter } from './haversine-router.ts';
import { nominatimGeocoder } from './nominatim-geocoder.ts';
import { osrmRouter } from './osrm-router.ts';
import { photonGeocoder } from './photon-geocoder.ts';

/** The geocoder and router the configuration asks for; the embedded ones need nothing outside. */
export function selectGeo(config: AppConfig): { geocoder: Geocoder; router: Router } {
  const g = config.geo;
  const geocoder =
    g.geocoder === 'photon'
      ? photonGeocoder(g.photonUrl)
      : g.geocoder === 'nominatim'
        ? nominatimGeocoder(g.nominatimUrl, `vrachtmarkt (${config.publicUrl})`)
        : embeddedGeocoder(loadGeoData(LOCALITIES_FILE));
  const router = g.router === 'osrm' ? osrmRouter(g.osrmUrl) : haversineRouter();
  return { geocoder, router };
}
