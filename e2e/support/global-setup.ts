import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, TEMPLATE_ENV } from './server.ts';

/**
 * Migrates one embedded database for the run: the server starts once on a new folder and stops
 * cleanly, and every server of the run then starts from a copy (startServer). The folder keeps
 * only the database: the admin token and uploads of each server stay its own.
 */
export default async function globalSetup() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-e2e-template-'));
  const server = await startServer({}, dir);
  await server.stop();
  for (const entry of await fs.readdir(dir)) if (entry !== 'pgdata') await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  // Workers inherit the environment global setup leaves.
  process.env[TEMPLATE_ENV] = dir;
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
