// `npm run admin -- invoice approve|reject <email>` (and more: run without arguments).
// Talks to the running server, which owns the database (the embedded one allows one process).
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_TOKEN_FILE, loadConfig } from '../src/env.ts';

const config = loadConfig();
const url = process.env.API_URL ?? config.publicUrl;
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
