/** Builds the SPA into dist/ when it is missing or older than its sources (npm start, e2e stack). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SPA_SOURCES = ['src', 'index.html', 'giving.html', 'public', 'vite.config.ts'];

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

export function buildSpaIfStale(root: string, spaDir: string): void {
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
