/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources, then starts the server.
 * A custom SPA_DIR is served as it is (never built here).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, getConfig } from './config';
import { DataFolderLockedError } from './db/data-lock';
import { startServer, stopOnSignals } from './server';

const SPA_SOURCES = ['src', 'index.html', 'public', 'vite.config.ts'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildSpaIfStale(root: string, spaDir: string): void {
  if (spaDir !== path.join(root, 'dist')) return;
  const index = path.join(spaDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SPA_SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt ? 'The SPA sources changed since the last build: building…' : 'Building the SPA (first start)…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    if (!existsSync(index)) throw new Error('The SPA build failed (see above).');
    console.error('The SPA build failed (see above): serving the previous build.');
  }
}

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
