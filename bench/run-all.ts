// `npm run bench`: runs every benchmark script and prints its figures. A bench whose parts are missing
// on this machine (Chromium, HAProxy, Debian's PostgreSQL: bench/lib/requirements.ts) is skipped with
// the reason; one that fails says why and the others still run.
import { benchAuthEnumeration } from './auth-enumeration';
import { benchBundle } from './bundle';
import { benchDonorBook } from './donor-book';
import { benchImport } from './import';
import type { BenchOutcome } from './lib/requirements';
import { benchPages } from './pages';
import { benchPayments } from './payments';
import { benchReports } from './reports';
import { benchScale } from './scale';

const BENCHES: [string, () => Promise<BenchOutcome>][] = [
  ['bundle', benchBundle],
  ['donor book lists', benchDonorBook],
  ['auth enumeration by timing', benchAuthEnumeration],
  ['bulk import', benchImport],
  ['report files', benchReports],
  ['online payments', benchPayments],
  ['page loads', benchPages],
  ['scale-out (two instances)', benchScale],
];

type Result = BenchOutcome | { failed: string };

const results: [string, Result][] = [];
for (const [name, bench] of BENCHES) {
  try {
    results.push([name, await bench()]);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`\n${name}: failed: ${reason}`);
    results.push([name, { failed: reason }]);
  }
}

const describe = (result: Result): string => {
  if (result === true) return 'within budget';
  if (result === false) return 'OVER BUDGET';
  return 'skipped' in result ? `skipped (${result.skipped})` : `FAILED (${result.failed})`;
};
console.log('\nsummary:');
for (const [name, result] of results) console.log(`  ${name}: ${describe(result)}`);
process.exit(results.every(([, result]) => result !== false && !(typeof result === 'object' && 'failed' in result)) ? 0 : 1);
