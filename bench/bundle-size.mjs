// Prints the gzipped JavaScript the login route loads: the entry chunk, everything it imports
// statically, and the login screen's lazy chunk with its static imports (from Vite's manifest).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET = 170 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/sender/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('apps/sender/dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const files = new Set();
function take(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) take(imp);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('login-page.tsx'));
if (!entry || !login) {
  console.error('entry or login chunk not found in the manifest');
  process.exit(1);
}
take(entry);
take(login);

const sizes = [...files].filter((f) => f.endsWith('.js')).map((f) => ({ file: f, gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length }));
const total = sizes.reduce((s, x) => s + x.gzip, 0);
for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`);
console.log(`login route: ${(total / 1024).toFixed(1)} KB gzipped JavaScript, budget ${BUDGET / 1024} KB (${((total / BUDGET) * 100).toFixed(0)} % of it)`);
console.log(JSON.stringify({ bench: 'bundle', route: 'login', gzip_bytes: total, budget_bytes: BUDGET, within_budget: total <= BUDGET, chunks: sizes.length }));
