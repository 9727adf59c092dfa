import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The official Peppol BIS 3.0 validator (../shared/peppol/validate, see its README), one JVM for
// every file given. It needs Saxon-HE from Debian; when that is missing this throws with the
// command that installs it (scripts/ensure-saxon.mjs runs it before the unit tests).

export const SAXON_APT = 'apt-get update && apt-get install -y libsaxonhe-java';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const VALIDATE = process.env.PEPPOL_VALIDATE ?? path.resolve(repoRoot, '../shared/peppol/validate');

/** A test that runs the validator waits this long: it starts a JVM (seconds when the machine is idle, tens when it is busy). */
export const PEPPOL_TIMEOUT = 120_000;

export type ValidationResult = { fatal: string[]; warnings: string[]; summary: string; output: string; seconds: number };

export function validatePeppol(files: string[]): ValidationResult {
  if (!fs.existsSync(VALIDATE)) throw new Error(`The Peppol validator is not at ${VALIDATE} (set PEPPOL_VALIDATE)`);
  const jar = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
  if (!fs.existsSync(jar)) throw new Error(`Saxon-HE is missing (${jar}): install it with \`${SAXON_APT}\` (sudo if not root)`);
  const started = process.hrtime.bigint();
  const r = spawnSync(VALIDATE, files, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error || r.status === 2 || r.status === null) {
    throw new Error(`Peppol validator set-up error (install Saxon with \`${SAXON_APT}\`): ${r.error?.message ?? ''} ${r.stderr} ${r.stdout}`);
  }
  const lines = r.stdout.split('\n');
  return {
    fatal: lines.filter((l) => l.includes(' [fatal] ')),
    warnings: lines.filter((l) => l.includes(' [warning] ')),
    summary: lines.find((l) => l.startsWith('SUMMARY:')) ?? '',
    output: r.stdout,
    seconds,
  };
}
