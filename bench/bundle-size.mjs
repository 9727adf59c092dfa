// Prints, for each web app, the gzipped JavaScript its first route loads: the entry chunk,
// everything it imports statically, and (for the sender) the login screen's lazy chunk with its
// static imports (from Vite's manifest), against the app's budget. Exits non-zero over a budget.
// Budgets (docs/decisions/0021-three-apps.md): the sender's login 170 KB (issue 12); the driver's
// and operations' first page 150 KB each (React, React Query, i18next and the API client).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024;
const apps = [
  { name: 'sender', route: 'login', lazy: 'login-page.tsx', budget: 170 * KB },
  { name: 'driver', route: 'first page', lazy: null, budget: 150 * KB },
  { name: 'ops', route: 'first page', lazy: null, budget: 150 * KB },
];

let over = false;
for (const app of apps) {
  const dist = path.resolve(import.meta.dirname, `../apps/${app.name}/dist`);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`apps/${app.name}/dist/.vite/manifest.json is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

  const files = new Set();
  const take = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imp of chunk.imports ?? []) take(imp);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const lazy = app.lazy && Object.keys(manifest).find((k) => k.endsWith(app.lazy));
  if (!entry || (app.lazy && !lazy)) {
    console.error(`${app.name}: entry or ${app.lazy} chunk not found in the manifest`);
    process.exit(1);
  }
  take(entry);
  if (lazy) take(lazy);

  const sizes = [...files].filter((f) => f.endsWith('.js')).map((f) => ({ file: f, gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length }));
  const total = sizes.reduce((s, x) => s + x.gzip, 0);
  const within = total <= app.budget;
  over ||= !within;
  console.log(`${app.name}:`);
  for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / KB).toFixed(1).padStart(6)} KB  ${s.file}`);
  console.log(`${app.name} ${app.route}: ${(total / KB).toFixed(1)} KB gzipped JavaScript, budget ${app.budget / KB} KB (${((total / app.budget) * 100).toFixed(0)} % of it)${within ? '' : ' OVER BUDGET'}`);
  console.log(JSON.stringify({ bench: 'bundle', app: app.name, route: app.route, gzip_bytes: total, budget_bytes: app.budget, within_budget: within, chunks: sizes.length }));
}
process.exit(over ? 1 : 0);
