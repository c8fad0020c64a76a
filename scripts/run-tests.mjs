// `npm test`: every check, in two lanes side by side on this 2-core machine, then the scale-out spec
// alone (it runs three instances, PostgreSQL and HAProxy, and asserts pushes within 2 s):
//   lane 1  Vitest: the server project on two workers (its own embedded PostgreSQL), then the page
//           tests on one (client: one shared process; client-mocks: a process a file)
//   lane 2  build → Playwright (every spec but scale-out, on the e2e stack)
//   then    typecheck and lint, each taken by whichever lane is free first (both long lanes take
//           ~10 minutes, these two ~1 minute each: at the end they even the lanes out)
//   then    Playwright scale-out.spec.ts
// A failing step stops its lane (typecheck and lint run whatever the rest did); the other lane
// finishes. CI_SERIAL=true runs the same steps one by one (to tell a chance failure from contention).
// Each step's time is printed at the end; the pass and fail counts come from reports/
// (scripts/test-summary.mjs).
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

/** Runs `steps` in order until one fails; then, whatever happened, takes `shared` steps until none is left. */
async function lane(steps, shared = []) {
  let ok = true;
  for (const run of steps) if (!(ok = await run())) break;
  for (let run = shared.shift(); run; run = shared.shift()) ok = (await run()) && ok;
  return ok;
}

const npx = (name, args, env) => step(name, 'npx', args, env);
// Workers and isolation per Vitest project are set in vite.config.ts.
const vitest = npx('vitest', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']);
const typecheck = npx('typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
const lint = npx('lint', ['eslint', '.', '--max-warnings=0']);
const build = npx('build', ['vite', 'build']);
const e2e = npx('e2e', ['playwright', 'test'], { E2E_REPORT: 'reports/playwright.json', E2E_SKIP_FLEET: 'true' });
const fleet = npx('e2e scale-out', ['playwright', 'test', 'tests/e2e/scale-out.spec.ts'], { E2E_REPORT: 'reports/playwright-fleet.json' });

const began = Date.now();
let ok;
if (serial) ok = await lane([typecheck, lint, build, vitest, e2e, fleet]);
else {
  const shared = [typecheck, lint];
  const lanes = await Promise.all([lane([vitest], shared), lane([build, e2e], shared)]);
  ok = lanes.every(Boolean) && (await fleet());
}

console.log(`\nstage times (${serial ? 'serial' : 'two lanes, then scale-out'}):`);
for (const t of times) console.log(`  ${t.name.padEnd(14)} ${t.seconds.toFixed(0).padStart(5)} s${t.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(14)} ${((Date.now() - began) / 1000).toFixed(0).padStart(5)} s`);
process.exit(ok ? 0 : 1);
