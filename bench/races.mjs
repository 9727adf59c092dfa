// The race matrix with many rounds: every pair of the operations that change a job or its money,
// at once on one job through two server processes on PostgreSQL (apps/server/test/races), RACE_ROUNDS
// rounds each (default 50). Prints the matrix's line, its time and a JSON line. Needs the server's
// build (`npm run bench:races` makes it) and PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; the harness makes and drops its own database there).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.RACE_ROUNDS ?? 50);
if (!Number.isInteger(rounds) || rounds <= 0) throw new Error('RACE_ROUNDS must be a positive integer');
const database = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const started = Date.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server-postgres', 'apps/server/test/races/race-matrix.test.ts', '-t', 'every pair', '--reporter', 'dot'],
  { cwd: root, env: { ...process.env, RACE_ROUNDS: String(rounds), TEST_DATABASE_URL: database }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const output = `${run.stdout}\n${run.stderr}`;
const line = /race matrix: (\d+) pairs x (\d+) rounds, (\d+) invariant violations \((\d+) s\)/.exec(output);
for (const l of output.split('\n')) if (/^race matrix:|^ {2}\S.* x \S.*(round \d+|: )/.test(l)) console.log(l);
if (!line) {
  console.error(output);
  process.exit(1);
}
const [, pairs, roundsRun, violations, seconds] = line.map(Number);
console.log(`bench:races: ${pairs} pairs x ${roundsRun} rounds = ${pairs * roundsRun} races in ${seconds} s (${((pairs * roundsRun) / seconds).toFixed(1)} races/s, the whole run ${Math.round((Date.now() - started) / 1000)} s), ${violations} invariant violations`);
console.log(JSON.stringify({ bench: 'races', pairs, rounds: roundsRun, violations, seconds }));
process.exit(run.status ?? 1);
