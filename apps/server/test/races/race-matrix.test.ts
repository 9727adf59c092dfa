import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPairs, type MatrixResult, type OpName, runMatrix, startHarness } from './race-matrix.ts';

// Two operations on one job at the same moment, through two server processes on PostgreSQL
// (race-matrix.ts). PostgreSQL only: vitest.config.ts leaves this file out of server-pglite (the
// embedded database belongs to one process).
//
// First the three races found from outside, each on its own for more rounds, then every pair of
// the operations that change a job or its money (`RACE_ROUNDS` rounds each, 1 by default in CI;
// `npm run bench:races` runs 50).

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 1);
const FOCUSED_ROUNDS = 8;

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness(process.env.TEST_DATABASE_URL!);
}, 300_000);
afterAll(() => h?.close(), 120_000);

const line = (r: MatrixResult) => `race matrix: ${r.pairs} pairs x ${r.rounds} rounds, ${r.violations.length} invariant violations`;
const print = (text: string) => void process.stdout.write(`${text}\n`);
/** What each pair answered, as status pairs and how often: a pair that only ever refused tests nothing. */
const answers = (r: MatrixResult) => [...r.answers].map(([pair, seen]) => `  ${pair}: ${[...seen].map(([k, n]) => `${k} x${n}`).join(', ')}`).join('\n');
async function race(pair: [OpName, OpName]) {
  const r = await runMatrix(h, [pair], FOCUSED_ROUNDS);
  print(`${line(r)}\n${answers(r)}`);
  for (const v of r.violations) print(`  round ${v.round}, job ${v.job}: ${v.what}`);
  return r;
}

describe('the races found from outside', () => {
  it('a job’s money paid twice: staff release and a full refund at once pay out once, never both', { timeout: 300_000 }, async () => {
    const r = await race(['staff_release', 'staff_refund_full']);
    expect(r.violations).toEqual([]);
  });

  it('a card charged for a cancelled job: accepting by card and cancelling at once leave no charge behind', { timeout: 300_000 }, async () => {
    const r = await race(['accept_card', 'sender_cancel']);
    expect(r.violations).toEqual([]);
  });

  it('money released while a problem is open: a problem report and a confirmation at once never both stand', { timeout: 300_000 }, async () => {
    const r = await race(['problem_report', 'delivery_confirm']);
    expect(r.violations).toEqual([]);
  });
});

describe('every pair of job and money operations at once', () => {
  // A round of the 136 pairs takes about half a minute; a long bench run gets the time it needs.
  it('holds every invariant and answers each a success or a clear refusal', { timeout: Math.max(600_000, ROUNDS * 120_000) }, async () => {
    const r = await runMatrix(h, allPairs(), ROUNDS, ROUNDS > 1 ? print : undefined);
    print(`${line(r)} (${Math.round(r.ms / 1000)} s)\n${answers(r)}`);
    for (const v of r.violations) print(`  ${v.pair}, round ${v.round}, job ${v.job}: ${v.what}`);
    expect(r.violations).toEqual([]);
  });
});
