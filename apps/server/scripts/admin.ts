// `npm run admin -- invoice approve|reject <email>` (and more: run without arguments).
// Talks to the running server, which owns the database (the embedded one allows one process);
// backup and restore of the embedded database are done here, with the server stopped.
import fs from 'node:fs';
import path from 'node:path';
import { backupEmbedded, postgresBackupAdvice, restoreEmbedded } from '../src/modules/admin/database-backup.ts';
import { ADMIN_TOKEN_FILE, loadConfig } from '../src/env.ts';

const config = loadConfig();
const url = process.env.API_URL ?? config.publicUrl;

const [command, ...rest] = process.argv.slice(2);
if (command === 'backup' || command === 'restore') {
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (files.length !== 1 || (command === 'backup' && force)) {
    console.error(`Usage: npm run admin -- backup <file>   or   npm run admin -- restore <file> [--force]`);
    process.exit(2);
  }
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice(command, files[0]!));
    process.exit(2);
  }
  // The embedded database allows one process: a server still running on it would be copied mid-write.
  const running = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (running) {
    console.error(`A server answers at ${url}: stop it first (the embedded database belongs to one process).`);
    process.exit(1);
  }
  const result = command === 'backup' ? await backupEmbedded(config.dataDir, files[0]!) : await restoreEmbedded(config.dataDir, files[0]!, force);
  (result.ok ? process.stdout : process.stderr).write(`${result.message}\n`);
  process.exit(result.ok ? 0 : 1);
}
const tokenFile = path.join(config.dataDir, ADMIN_TOKEN_FILE);
const token = config.adminToken ?? (fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : null);
if (!token) {
  console.error(`No admin token: set ADMIN_TOKEN, or start the server once (it writes ${tokenFile}).`);
  process.exit(2);
}
try {
  const res = await fetch(`${url}/api/admin/command`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ args: process.argv.slice(2) }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string; error_description?: string };
  if (!res.ok) {
    console.error(`The server refused: ${res.status} ${body.error_description ?? ''}`);
    process.exit(1);
  }
  (body.ok ? process.stdout : process.stderr).write(`${body.message}\n`);
  process.exit(body.ok ? 0 : 1);
} catch (err) {
  console.error(`Cannot reach the server at ${url} (${(err as Error).message}). Start it with npm start.`);
  process.exit(2);
}
