// Lint and every workspace's typecheck, as many at once as the machine has cores (`npm run check`).
// Each check is one single-threaded process, so running them one after another left a core idle
// for over a minute of every CI run. Output is printed per check once it ends, never interleaved.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const checks = [{ name: 'lint', cwd: root, script: 'lint' }];
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  // The typecheck a workspace declares is the one run; a workspace without one has none.
  if (pkg.scripts?.typecheck) checks.push({ name: `typecheck ${ws}`, cwd: path.join(root, ws), script: 'typecheck' });
}

const run = (check) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', check.script], { cwd: check.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${check.name} (${seconds} s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });

const queue = [...checks];
const lane = async () => {
  const results = [];
  for (let c = queue.shift(); c; c = queue.shift()) results.push(await run(c));
  return results;
};
const lanes = Math.max(1, Math.min(os.availableParallelism(), checks.length));
const results = (await Promise.all(Array.from({ length: lanes }, lane))).flat();
const failed = results.filter((ok) => !ok).length;
console.log(failed ? `${failed} of ${checks.length} checks failed` : `all ${checks.length} checks passed`);
process.exit(failed ? 1 : 0);
