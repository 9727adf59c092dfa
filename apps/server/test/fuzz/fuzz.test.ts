import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type FuzzRequest, type OpenApiDocument, operations, requestsFor } from './requests.ts';
import { buildWorld, type World } from './world.ts';

// SPEC of issue 9: no client mistake answers 5xx. Requests are generated from the OpenAPI document
// and the registered routes, sent with the tokens of the owner, other users, a client and none;
// no answer may be 5xx, none may carry another user's data, and the server must still serve
// afterwards. FUZZ_SEED=<n> replays a run; FUZZ_REQUESTS=<n> changes the total (default 21,000).

const kind = process.env.TEST_DB_KIND ?? 'pglite';
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 21_000);
const CONCURRENCY = 50;
/** A request still unanswered after this long is reported as hanging (streams are cut at once). */
const HANG_MS = 15_000;

type Outcome = { req: FuzzRequest; status: number; body: string; error?: string };

let t: TestApp;
let world: World;
const errorLines: string[] = [];

beforeAll(async () => {
  // Only errors are logged: the handler logs every 5xx with its cause, which the report shows.
  t = await createTestApp({ LOG_LEVEL: 'error' }, undefined, { write: (line) => void errorLines.push(line) });
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** A stable number per route, so one route's requests do not change when another route is added. */
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

async function send(r: FuzzRequest): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HANG_MS);
  try {
    const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload, payloadAsStream: true, signal: controller.signal });
    // An event stream never ends by itself: its first answer is all the fuzz needs.
    if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      controller.abort();
      return { req: r, status: res.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
    return { req: r, status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
  } catch (err) {
    return { req: r, status: controller.signal.aborted ? -1 : -2, body: '', error: String(err) };
  } finally {
    clearTimeout(timer);
  }
}

async function runPool<T, R>(items: T[], worker: (item: T) => Promise<R>, concurrency: number): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await worker(items[i]!);
      }
    }),
  );
  return out;
}

const clip = (s: string | Buffer | undefined, n = 300) => {
  const text = s === undefined ? '' : typeof s === 'string' ? s : `<${s.length} bytes> ${s.subarray(0, n).toString('latin1')}`;
  return JSON.stringify(text.length > n ? `${text.slice(0, n)}…(${text.length} chars)` : text);
};

/** The server's own error for one failing request, replayed alone so its log lines are its own. */
async function causeOf(r: FuzzRequest): Promise<string> {
  errorLines.length = 0;
  const again = await send(r);
  const causes = errorLines.map((line) => {
    try {
      const err = (JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } }).err;
      const where = err?.stack?.split('\n').find((l) => l.includes('/apps/server/src/'))?.trim() ?? '';
      return `${err?.type ?? 'Error'}: ${err?.message ?? line.slice(0, 200)} ${where}`;
    } catch {
      return line.slice(0, 300);
    }
  });
  return `replayed: ${again.status}${causes.length ? `; server error: ${[...new Set(causes)].join(' | ')}` : ''}`;
}

describe(`fuzz[${kind}]`, () => {
  it(
    'answers no client mistake with 5xx, never shows another user its data, and keeps serving',
    async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
      const ops = operations(doc, t.app.routeList);
      const perOp = Math.ceil(TOTAL / ops.length);
      console.log(`fuzz[${kind}]: seed ${seed} (FUZZ_SEED=${seed} to replay), ${ops.length} routes (${ops.filter((o) => !o.documented).length} not in the document), ${perOp} requests each`);

      const requests = ops.flatMap((op) => fc.sample(requestsFor(op, world, doc), { seed: seed ^ hash(`${op.method} ${op.path}`), numRuns: perOp }));
      // Routes interleaved, as clients would send them; the order is the seed's.
      const order = fc.sample(fc.integer(), { seed, numRuns: requests.length });
      const shuffled = requests.map((r, i) => ({ r, k: order[i]! })).sort((a, b) => a.k - b.k).map((x) => x.r);

      const outcomes: Outcome[] = [];
      const rounds = 4;
      const size = Math.ceil(shuffled.length / rounds);
      for (let i = 0; i < rounds; i++) {
        await world.replant();
        outcomes.push(...(await runPool(shuffled.slice(i * size, (i + 1) * size), send, CONCURRENCY)));
      }

      const failures = outcomes.filter((o) => o.status >= 500 || o.status < 0);
      const leaks = outcomes.flatMap((o) =>
        (world.leakChecks.get(o.req.identity.name) ?? []).filter((m) => o.body.includes(m.text)).map((m) => ({ o, label: m.label })),
      );

      // The server still serves: health, and a new user signs up and reads their profile.
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      const fresh = await registerAndLogin(t);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: fresh.auth });

      const routes = new Set(outcomes.map((o) => o.req.route));
      console.log(`fuzz[${kind}]: ${outcomes.length} requests over ${routes.size} routes, ${failures.filter((f) => f.status >= 500).length} answers 5xx`);
      const byStatus = new Map<number, number>();
      for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
      console.log(`fuzz[${kind}]: answers by status ${JSON.stringify(Object.fromEntries([...byStatus].sort((a, b) => a[0] - b[0])))}`);

      const report: string[] = [];
      const grouped = new Map<string, Outcome[]>();
      for (const f of failures) grouped.set(f.req.route, [...(grouped.get(f.req.route) ?? []), f]);
      for (const [route, list] of grouped) {
        report.push(`${route}: ${list.length} answers ${[...new Set(list.map((f) => f.status))].join('/')}`);
        const byKind = new Map<string, Outcome>();
        for (const f of list) if (!byKind.has(f.req.kind)) byKind.set(f.req.kind, f);
        for (const f of [...byKind.values(), ...list].slice(0, Math.max(byKind.size, 4)).filter((x, i, a) => a.indexOf(x) === i).slice(0, 6)) {
          const what = f.status === -1 ? 'hung' : f.status === -2 ? `not sent: ${f.error}` : `${f.status} ${clip(f.body, 120)}`;
          report.push(`  ${f.req.method} ${clip(f.req.url, 200)} as ${f.req.identity.name} [${f.req.kind}] content-type ${f.req.headers['content-type'] ?? '-'} body ${clip(f.req.payload)} -> ${what}`);
          if (f.status >= 500) report.push(`    ${await causeOf(f.req)}`);
        }
      }
      for (const { o, label } of leaks.slice(0, 20)) {
        report.push(`LEAK ${label} to ${o.req.identity.name}: ${o.req.method} ${clip(o.req.url, 200)} body ${clip(o.req.payload)} -> ${o.status} ${clip(o.body, 400)}`);
      }
      if (report.length) console.log(`fuzz[${kind}] failures (seed ${seed}):\n${report.join('\n')}`);

      expect(failures.length, report.join('\n')).toBe(0);
      expect(leaks.length, report.join('\n')).toBe(0);
      expect(health.statusCode).toBe(200);
      expect(me.statusCode).toBe(200);
      expect(outcomes.length).toBeGreaterThanOrEqual(Math.min(TOTAL, 20_000));
    },
    600_000,
  );
});
