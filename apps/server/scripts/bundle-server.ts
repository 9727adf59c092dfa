// Build step: the production server as one JavaScript file, apps/server/dist/server.js, that plain
// `node` runs (docs/decisions/0012-production-runtime.md). Packages from node_modules stay imports
// (native addons, WebAssembly and data files load from where npm put them); this repo's own
// TypeScript, @vm/domain included, is bundled.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(serverRoot, 'dist/server.js');
const ENTRY = path.join(serverRoot, 'src/server.ts');

/** Our own workspace packages export TypeScript source, so they are bundled, not imported. */
const ownPackage = /^@vm\//;

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (ownPackage.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Paths built from `import.meta.dirname` (env.ts's repo root, the generated data files) must mean
 * the same in the bundle as in the source: each module's `import.meta.{url,dirname,filename}`
 * becomes its source file's location, found relative to the bundle at run time so the whole tree
 * can move (a container image) as long as dist/ stays next to src/.
 */
const sourceLocatedMeta: Plugin = {
  name: 'source-located-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      const file = `__vmSourceFile(${JSON.stringify(path.relative(path.dirname(SERVER_BUNDLE), args.path).split(path.sep).join('/'))})`;
      const contents = text
        .replaceAll('import.meta.dirname', `__vmDirname(${file})`)
        .replaceAll('import.meta.filename', file)
        .replaceAll('import.meta.url', `__vmPathToFileURL(${file}).href`);
      return { contents, loader: 'ts' };
    });
  },
};

const banner = [
  "import { dirname as __vmDirname, resolve as __vmResolve } from 'node:path';",
  "import { pathToFileURL as __vmPathToFileURL } from 'node:url';",
  'const __vmSourceFile = (rel) => __vmResolve(import.meta.dirname, rel);',
].join('\n');

/** Writes dist/server.js (and its source map) through a temporary name, so a running test never reads half a file. */
export async function bundleServer(): Promise<void> {
  const result = await build({
    entryPoints: [ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    banner: { js: banner },
    plugins: [externalPackages, sourceLocatedMeta],
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // The map first: the bundle's last line points at it.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')));
  for (const out of files) {
    const tmp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, out.contents);
    fs.renameSync(tmp, out.path);
  }
}

/** The newest modification time of the bundle's inputs: this package's src and scripts, and @vm/domain. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const dir of ['src', 'scripts', '../../packages/domain/src']) walk(path.join(serverRoot, dir));
  return newest;
}

/** For tests that spawn the compiled server: builds it when missing or older than its source. */
export async function ensureServerBundle(): Promise<void> {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (built < newestSource()) await bundleServer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleServer();
  console.warn(`wrote ${path.relative(process.cwd(), SERVER_BUNDLE)} (${fs.statSync(SERVER_BUNDLE).size} bytes)`);
}
