/**
 * What a bench needs beyond node_modules, checked before it starts: `npm run bench` runs on any
 * machine, and a bench whose parts are missing says it is skipped and why instead of dying halfway
 * with a stack trace (issue 32, point 8).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A bench's result: within its budget, over it, or not run (and why). */
export type BenchOutcome = boolean | { skipped: string };

export type Part = 'chromium' | 'haproxy' | 'debian-postgresql';

/** Where the page benches find Chromium (Debian's by default, as the e2e suite does). */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's PostgreSQL servers live in /usr/lib/postgresql/<version>/bin (tests/e2e/support/fleet.ts starts one). */
const PG_ROOT = '/usr/lib/postgresql';

function onPath(command: string): boolean {
  const found = spawnSync(command, ['-v'], { stdio: 'ignore' });
  return !(found.error && (found.error as NodeJS.ErrnoException).code === 'ENOENT');
}

/** Why each part is missing on this machine (null: it is there). */
const CHECKS: Record<Part, () => string | null> = {
  chromium: () => (existsSync(chromiumPath()) ? null : `Chromium is not at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH)`),
  haproxy: () => (onPath('haproxy') ? null : 'HAProxy is not installed (apt-get install haproxy)'),
  'debian-postgresql': () => {
    const versions = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb'))) : [];
    return versions.length > 0 ? null : `Debian's PostgreSQL is not installed (no ${PG_ROOT}/*/bin/initdb; apt-get install postgresql)`;
  },
};

/** Why a bench needing `parts` cannot run here (every missing part), or null when all are there. */
export function missingParts(parts: readonly Part[]): string | null {
  const reasons = parts.map((part) => CHECKS[part]()).filter((reason): reason is string => reason !== null);
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/** Prints that a bench is skipped and why; the outcome to answer. */
export function skipped(name: string, reason: string): BenchOutcome {
  console.log(`\n${name}: skipped: ${reason}`);
  return { skipped: reason };
}

/** The exit code of a bench run on its own: skipped is not a failure. */
export const exitCodeOf = (outcome: BenchOutcome): number => (outcome === false ? 1 : 0);
