// Build step: the built-in basemap shown when no tile server is configured or reachable:
// Belgium and its neighbours from Natural Earth 1:10m (npm world-atlas, public domain) plus the
// GeoNames towns of the embedded geocoder (CC BY 4.0). Run by `npm run build` and by the test setup.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { ensureLocalities, LOCALITIES_FILE, type LocalityRecord } from './extract-localities.ts';

export const BASEMAP_FILE = path.resolve(import.meta.dirname, '../generated/basemap.json');

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
  const towns = (JSON.parse(fs.readFileSync(LOCALITIES_FILE, 'utf8')) as { localities: LocalityRecord[] }).localities.map((l) => [l.name, l.lat, l.lng, l.population] as const);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({
      attribution: 'Natural Earth (public domain), GeoNames (CC BY 4.0)',
      countries: { type: 'FeatureCollection', features: countries },
      towns,
    }),
  );
}

export async function ensureBasemap(): Promise<void> {
  if (!fs.existsSync(BASEMAP_FILE)) await extractBasemap();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await extractBasemap();
  console.warn(`wrote ${path.relative(process.cwd(), BASEMAP_FILE)} (${fs.statSync(BASEMAP_FILE).size} bytes)`);
}
