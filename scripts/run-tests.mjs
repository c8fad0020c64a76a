// `npm test`: every check, in two lanes side by side on this 2-core machine, then the scale-out spec
// alone (it runs three instances, PostgreSQL and HAProxy, and asserts pushes within 2 s):
//   lane 1  Vitest: the server project on two workers (its own embedded PostgreSQL), then the client project on one
//   lane 2  typecheck → lint → build → Playwright (every spec but scale-out, on the e2e stack)
//   then    Playwright scale-out.spec.ts
// A failing step stops its lane; the other lane finishes. CI_SERIAL=true runs the same steps one by
// one (to tell a chance failure from contention). Each step's time is printed at the end; the pass
// and fail counts come from reports/ (scripts/test-summary.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const serial = /^(1|true|yes)$/i.test(process.env.CI_SERIAL ?? '');
const times = [];

function step(name, command, args, env = {}) {
  return async () => {
    const started = Date.now();
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
      child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
      child.on('error', () => resolve(1));
    });
    times.push({ name, seconds: (Date.now() - started) / 1000, ok: code === 0 });
    if (code === 0 && (name === 'typecheck' || name === 'lint')) {
      mkdirSync('reports', { recursive: true });
      writeFileSync(`reports/${name}.ok`, new Date().toISOString());
    }
    return code === 0;
  };
}

async function lane(steps) {
  for (const run of steps) if (!(await run())) return false;
  return true;
}

const npx = (name, args, env) => step(name, 'npx', args, env);
// Workers per Vitest project are set in vite.config.ts: the server tests first on two, then the page tests on one.
const vitest = npx('vitest', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']);
const checks = [
  npx('typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  npx('lint', ['eslint', '.', '--max-warnings=0']),
  npx('build', ['vite', 'build']),
  npx('e2e', ['playwright', 'test'], { E2E_REPORT: 'reports/playwright.json', E2E_SKIP_FLEET: 'true' }),
];
const fleet = npx('e2e scale-out', ['playwright', 'test', 'tests/e2e/scale-out.spec.ts'], { E2E_REPORT: 'reports/playwright-fleet.json' });

const began = Date.now();
let ok;
if (serial) ok = await lane([...checks.slice(0, 3), vitest, checks[3], fleet]);
else {
  const [vitestOk, checksOk] = await Promise.all([lane([vitest]), lane(checks)]);
  ok = vitestOk && checksOk && (await fleet());
}

console.log(`\nstage times (${serial ? 'serial' : 'two lanes, then scale-out'}):`);
for (const t of times) console.log(`  ${t.name.padEnd(14)} ${t.seconds.toFixed(0).padStart(5)} s${t.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(14)} ${((Date.now() - began) / 1000).toFixed(0).padStart(5)} s`);
process.exit(ok ? 0 : 1);
