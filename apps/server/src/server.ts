import { ensureBasemap } from '../scripts/extract-basemap.ts';
import { ensureLocalities } from '../scripts/extract-localities.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadConfig } from './env.ts';

const config = loadConfig();
await ensureLocalities();
await ensureBasemap();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle.db);
const app = await buildApp({ config, db: handle.db, listen: handle.listen });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await handle.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`database: ${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);
