// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of a web build, so the
// server sends compressed files without compressing on each request (@fastify/static's
// preCompressed). A phone on a slow network then loads about a third of the bytes.
// Usage: node scripts/precompress.mjs [dist folder...] (each app's build passes its own `dist`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024; // smaller files gain nothing worth a second request path

const dists = process.argv.length > 2 ? process.argv.slice(2) : ['dist'];
for (const dir of dists) {
  const dist = path.resolve(dir);
  let written = 0;
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    written++;
  }
  console.log(`precompress: ${written} files of ${path.relative(process.cwd(), dist) || '.'} in Brotli and gzip`);
}
