// Prints "N passed, N failed" from the JSON reports that `npm test` writes to reports/.
// Typecheck and lint are counted as one check each (they run before the test suites).
import { existsSync, readFileSync } from 'node:fs';

const exitStatus = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
const lines = [];

function read(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

for (const check of ['typecheck', 'lint']) {
  const mark = existsSync(`reports/${check}.ok`);
  if (mark) passed += 1;
  lines.push(`${check}: ${mark ? 'passed' : 'not passed'}`);
}
if (!existsSync('reports/typecheck.ok')) failed += 1;
else if (!existsSync('reports/lint.ok')) failed += 1;

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  lines.push(`unit + integration (vitest): ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else lines.push('unit + integration (vitest): did not run');

const e2eRuns = [
  ['e2e (playwright)', read('reports/playwright.json')],
  ['e2e scale-out (playwright)', read('reports/playwright-fleet.json')],
];
for (const [name, pw] of e2eRuns) {
  if (pw) {
    const { expected = 0, unexpected = 0, flaky = 0 } = pw.stats ?? {};
    passed += expected + flaky;
    failed += unexpected;
    lines.push(`${name}: ${expected + flaky} passed, ${unexpected} failed`);
  } else lines.push(`${name}: did not run`);
}

if (exitStatus !== 0 && failed === 0) failed = 1; // a step failed before reporting its tests
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
