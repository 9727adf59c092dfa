// Peak memory and time of turning JPEGs just under the pixel cap into their variants, four at once
// (BENCH_IMAGES), each way in a fresh child process so one's memory cannot hide the other's: the
// server's processImage now, and a copy of the pipeline before issue 19 as the baseline. Two
// pictures: an upright one and one with EXIF orientation 6 (a phone held upright), which libvips
// must hold decoded to turn. Prints figures; never fails on a target.
//
// Env: BENCH_IMAGES (pictures processed at once, default 4).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { concurrencyLimit } from '../apps/server/src/lib/concurrency-limit.ts';
import { MAX_INPUT_PIXELS, processImage } from '../apps/server/src/modules/files/image-processing.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);
if (!Number.isInteger(IMAGES) || IMAGES <= 0) throw new Error('BENCH_IMAGES must be a positive integer');

type Way = 'before' | 'now';
type ChildResult = { peakRssMb: number; startRssMb: number; seconds: number; variants: string };

/**
 * The pipeline as it was before issue 19, kept as the baseline: each variant decodes the whole
 * picture with random access, every JPEG variant (the full-size one too) is written by mozjpeg,
 * libvips' operation cache at its defaults, one picture per core at a time.
 */
const baselineQueue = concurrencyLimit(Math.max(1, os.availableParallelism()));
async function oldPipelineBaseline(input: Buffer) {
  const encode = (s: Sharp) => s.jpeg({ quality: 85, mozjpeg: true });
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  return baselineQueue.run(async () => {
    const [original, medium, thumb] = await Promise.all([
      encode(base()).toBuffer({ resolveWithObject: true }),
      encode(base().resize(800, 800, { fit: 'inside', withoutEnlargement: true })).toBuffer({ resolveWithObject: true }),
      encode(base().resize(160, 160, { fit: 'cover' })).toBuffer({ resolveWithObject: true }),
    ]);
    return [original, medium, thumb].map(({ info }) => `${info.width}x${info.height} ${(info.size / 1024).toFixed(0)} KB`).join(', ');
  });
}

async function currentPipeline(input: Buffer) {
  const p = await processImage(input);
  const size = async (b: Buffer) => {
    const m = await sharp(b).metadata();
    return `${m.width}x${m.height} ${(b.length / 1024).toFixed(0)} KB`;
  };
  return (await Promise.all([p.variants.original, p.variants.medium, p.variants.thumb].map(size))).join(', ');
}

const mb = (kb: number) => Math.round(kb / 1024);

async function child(way: Way, file: string) {
  // image-processing.ts turns the operation cache off when it loads; the baseline had the defaults.
  if (way === 'before') sharp.cache({ memory: 50, files: 20, items: 100 });
  const input = fs.readFileSync(file);
  const startRssMb = mb(process.resourceUsage().maxRSS);
  const t0 = performance.now();
  const run = way === 'before' ? oldPipelineBaseline : currentPipeline;
  const variants = await Promise.all(Array.from({ length: IMAGES }, () => run(input)));
  const result: ChildResult = { peakRssMb: mb(process.resourceUsage().maxRSS), startRssMb, seconds: (performance.now() - t0) / 1000, variants: variants[0]! };
  console.log(JSON.stringify(result));
}

/** A photo-like JPEG (smooth noise, about 5 MB) of `width` x `height`, with an EXIF orientation. */
async function makePicture(file: string, width: number, height: number, orientation: number) {
  const small = await sharp({ create: { width: 400, height: 250, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
  await sharp(small).resize(width, height, { kernel: 'cubic' }).withMetadata({ orientation }).jpeg({ quality: 80 }).toFile(file);
}

async function main() {
  // The largest 8:5 picture the cap lets through.
  const width = 8000;
  const height = Math.floor(MAX_INPUT_PIXELS / width) - 1;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-bench-images-'));
  try {
    const pictures = [
      { name: 'upright', file: path.join(dir, 'upright.jpg'), orientation: 1 },
      { name: 'EXIF orientation 6', file: path.join(dir, 'turned.jpg'), orientation: 6 },
    ];
    for (const p of pictures) await makePicture(p.file, width, height, p.orientation);
    const rows: string[][] = [['picture', 'pipeline', 'peak RSS MB', 'RSS at start MB', 's', 'variants (of one picture)']];
    for (const p of pictures) {
      for (const way of ['before', 'now'] as const) {
        const res = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'child', way, p.file], { encoding: 'utf8' });
        if (res.status !== 0) throw new Error(`child ${way} ${p.name}: ${res.stderr}`);
        const r = JSON.parse(res.stdout.trim().split('\n').at(-1)!) as ChildResult;
        rows.push([p.name, way === 'before' ? 'before (baseline copy)' : 'now (processImage)', String(r.peakRssMb), String(r.startRssMb), r.seconds.toFixed(1), r.variants]);
        console.error(`[bench:images] ${p.name}, ${way}: peak ${r.peakRssMb} MB in ${r.seconds.toFixed(1)} s`);
        const json = { bench: 'images', picture: p.name, pipeline: way, images: IMAGES, width, height, peak_rss_mb: r.peakRssMb, start_rss_mb: r.startRssMb, seconds: Math.round(r.seconds * 10) / 10 };
        rows.push(['', '', '', '', '', '', JSON.stringify(json)]);
      }
    }
    const table = rows.filter((r) => r.length === 6);
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    const numeric = new Set([2, 3, 4]);
    const line = (r: string[]) => r.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
    console.log(
      `${IMAGES} JPEGs of ${width}x${height} (${((width * height) / 1e6).toFixed(2)} MP, cap ${MAX_INPUT_PIXELS / 1e6} MP, ${(fs.statSync(pictures[0]!.file).size / 1e6).toFixed(1)} MB) at once, ` +
        `each pipeline in a fresh process (node ${process.version}, ${os.availableParallelism()} cores, libvips ${sharp.versions.vips})`,
    );
    console.log(line(table[0]!));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of table.slice(1)) console.log(line(r));
    for (const r of rows.filter((r) => r.length === 7)) console.log(r[6]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') await child(process.argv[3] as Way, process.argv[4]!);
else await main();
