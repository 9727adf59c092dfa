// Build step: the built-in basemap shown when no tile server is configured or reachable:
// Belgium and its neighbours from Natural Earth 1:10m (npm world-atlas, public domain) plus the
// GeoNames towns of the embedded geocoder (CC BY 4.0). Run by `npm run build` and by the test setup.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { foldText } from '@vm/domain';
import { type PostcodePlace, placeNames } from '@vm/domain/postcodes';
import { BASEMAP_FILE, BASEMAP_VERSION, basemapCurrent, type GeoData, LOCALITIES_FILE, type LocalityRecord } from '../src/geo-data/generated-data.ts';
import { ensureLocalities } from './extract-localities.ts';

/** A town on the basemap: its GeoNames name (English where it has one), and its Dutch and French names where they differ. */
export type BasemapTown = [name: string, lat: number, lng: number, population: number, nl?: string, fr?: string];

/** Within this distance a postcode place named like a GeoNames town is that town. */
const SAME_PLACE_DEGREES = 0.1;

/** Belgian towns with two names (Brussel/Bruxelles, Luik/Liège) carry both, from the postcode data. */
function basemapTowns(localities: LocalityRecord[], postcodes: PostcodePlace[]): BasemapTown[] {
  const byName = new Map<string, PostcodePlace[]>();
  for (const p of postcodes) for (const n of placeNames(p)) byName.set(foldText(n), [...(byName.get(foldText(n)) ?? []), p]);
  return localities.map((l) => {
    const near = [l.name, ...l.names]
      .flatMap((n) => byName.get(foldText(n)) ?? [])
      .find((p) => Math.abs(p.lat - l.lat) < SAME_PLACE_DEGREES && Math.abs(p.lng - l.lng) < SAME_PLACE_DEGREES);
    return near && (near.nl !== l.name || near.fr !== l.name) ? [l.name, l.lat, l.lng, l.population, near.nl, near.fr] : [l.name, l.lat, l.lng, l.population];
  });
}

// ISO 3166 numeric ids in world-atlas: Belgium, Netherlands, Luxembourg, France, Germany.
const COUNTRIES: Record<string, string> = { '056': 'BE', '528': 'NL', '442': 'LU', '250': 'FR', '276': 'DE' };
// Keep what lies around Belgium; the rest of France and Germany never shows on the wizard map.
const BOX = { west: 1.5, south: 49.0, east: 7.5, north: 52.5 };

type Ring = [number, number][];

/** Clips a ring's points to the box by clamping: cheap, and the clamped edges lie off screen. */
const clamp = (ring: Ring): Ring => ring.map(([x, y]) => [Math.min(BOX.east, Math.max(BOX.west, x)), Math.min(BOX.north, Math.max(BOX.south, y))]);
const round = (ring: Ring): Ring => ring.map(([x, y]) => [Math.round(x * 1e4) / 1e4, Math.round(y * 1e4) / 1e4]);

export async function extractBasemap(out = BASEMAP_FILE): Promise<void> {
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const all = feature(topo, topo.objects.countries);
  const countries = all.features
    .filter((f) => f.id !== undefined && COUNTRIES[String(f.id)])
    .map((f) => {
      const g = f.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
      const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      const kept = polygons
        .filter((poly) => poly[0]!.some(([x, y]) => x! >= BOX.west && x! <= BOX.east && y! >= BOX.south && y! <= BOX.north))
        .map((poly) => poly.map((ring) => round(clamp(ring as Ring))));
      return { type: 'Feature' as const, properties: { country: COUNTRIES[String(f.id)] }, geometry: { type: 'MultiPolygon' as const, coordinates: kept } };
    });
  await ensureLocalities();
  const geo = JSON.parse(fs.readFileSync(LOCALITIES_FILE, 'utf8')) as Pick<GeoData, 'localities' | 'postcodes'>;
  const towns = basemapTowns(geo.localities, geo.postcodes);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({
      version: BASEMAP_VERSION,
      attribution: 'Natural Earth (public domain), GeoNames (CC BY 4.0)',
      countries: { type: 'FeatureCollection', features: countries },
      towns,
    }),
  );
}

export async function ensureBasemap(): Promise<void> {
  if (!basemapCurrent()) await extractBasemap();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await extractBasemap();
  console.warn(`wrote ${path.relative(process.cwd(), BASEMAP_FILE)} (${fs.statSync(BASEMAP_FILE).size} bytes)`);
}
