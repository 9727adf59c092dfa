import { missingGeneratedData } from './geo-data/generated-data.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type AppConfig, loadConfig } from './env.ts';

/** A mistake of whoever starts the process: one line for them to read, no stack trace. */
function refuseToStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  refuseToStart((err as Error).message);
}
// Build products are only read here: the server's folder may be read-only (a container image).
const missing = missingGeneratedData();
if (missing.length) refuseToStart(`Generated data is missing or out of date (${missing.join(', ')}): run npm run build first.`);

const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle.db);
// A test's clock (TEST_CLOCK, refused in production): the same instant in every process of the test.
const testClock = config.testHooks.clock;
const now = testClock ? () => new Date(testClock.at.getTime() + (Date.now() - testClock.anchorMs) * testClock.rate) : undefined;
const app = await buildApp({ config, db: handle.db, listen: handle.listen, ...(now && { now }) });

let closing = false;
/**
 * Stops accepting connections, lets requests in flight finish (app.close() first ends the event
 * streams in its preClose hooks) and closes the database. A request that does not finish within
 * shutdownTimeoutMs does not keep the process alive: the orchestrator would kill it anyway.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'requests still in flight after the shutdown timeout; exiting anyway');
    process.exit(1);
  }, config.shutdownTimeoutMs);
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
// A payment this or another process left pending when it died is settled now, not a minute later.
void app
  .settleStalePayments()
  .then((r) => r.settled && app.log.info(r, 'stale payments settled at start-up'))
  .catch((err: unknown) => app.log.warn({ err }, 'stale payment settlement at start-up failed'));
