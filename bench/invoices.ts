// Invoice documents (issue 22, speed): M random documents (every VAT case and document kind, the
// property test's generator), then UBL per second, PDF per second, and the official Peppol
// validator's wall time for all M in one call and per document. Prints figures; never fails on a target.
//
// Env: BENCH_INVOICES (documents, default 500), PEPPOL_VALIDATE (validator path).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { toPdf } from '../apps/server/src/lib/e-invoice/pdf.ts';
import { toUbl } from '../apps/server/src/lib/e-invoice/ubl.ts';
import { randomDocument } from '../apps/server/test/e-invoice/random-documents.ts';
import { validatePeppol } from '../apps/server/test/e-invoice/validator.ts';

const M = Number(process.env.BENCH_INVOICES ?? 500);
if (!Number.isInteger(M) || M <= 0) throw new Error('BENCH_INVOICES must be a positive integer');

const docs = Array.from({ length: M }, (_, n) => randomDocument(2026, n).doc);
const langs = ['nl', 'fr', 'en'] as const;

// Warm both paths once so the figures are steady-state.
toUbl(docs[0]!);
await toPdf(docs[0]!, 'nl');

let t = performance.now();
const xml = docs.map((d) => toUbl(d));
const ublMs = performance.now() - t;

t = performance.now();
let pdfBytes = 0;
for (let i = 0; i < docs.length; i++) pdfBytes += (await toPdf(docs[i]!, langs[i % 3]!)).length;
const pdfMs = performance.now() - t;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invoices-'));
const files = xml.map((x, i) => {
  const f = path.join(dir, `${String(i).padStart(5, '0')}.xml`);
  fs.writeFileSync(f, x);
  return f;
});
const result = validatePeppol(files);
fs.rmSync(dir, { recursive: true, force: true });

const perSecond = (ms: number) => Math.round((M / ms) * 1000);
console.log(`invoices: ${M} documents (${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`  UBL: ${perSecond(ublMs)} per second (${(ublMs / M).toFixed(3)} ms each, ${Math.round(xml.reduce((a, x) => a + x.length, 0) / M)} bytes average)`);
console.log(`  PDF: ${perSecond(pdfMs)} per second (${(pdfMs / M).toFixed(2)} ms each, ${Math.round(pdfBytes / M)} bytes average)`);
console.log(`  official validator, one call for all ${M}: ${result.seconds.toFixed(1)} s wall, ${((result.seconds * 1000) / M).toFixed(1)} ms per document`);
console.log(`  ${result.summary}`);
