/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources, then starts the server.
 * A custom SPA_DIR is served as it is (never built here).
 */
import { ConfigError, getConfig } from './config';
import { DataFolderLockedError } from './db/data-lock';
import { startServer, stopOnSignals } from './server';
import { buildSpaIfStale } from './spa-build';

async function main(): Promise<void> {
  const config = getConfig();
  buildSpaIfStale(process.cwd(), config.spaDir);
  const server = await startServer(config);
  stopOnSignals(server);
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError || error instanceof ConfigError) console.error(error.message);
  else console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
