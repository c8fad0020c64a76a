// `npm run bench`: runs every benchmark script and prints its figures.
import { benchAuthEnumeration } from './auth-enumeration';
import { benchBundle } from './bundle';
import { benchDonorBook } from './donor-book';
import { benchImport } from './import';
import { benchPages } from './pages';
import { benchPayments } from './payments';
import { benchReports } from './reports';
import { benchScale } from './scale';

const results: [string, boolean][] = [];
results.push(['bundle', await benchBundle()]);
results.push(['donor book lists', await benchDonorBook()]);
results.push(['auth enumeration by timing', await benchAuthEnumeration()]);
results.push(['bulk import', await benchImport()]);
results.push(['report files', await benchReports()]);
results.push(['online payments', await benchPayments()]);
results.push(['page loads', await benchPages()]);
results.push(['scale-out (two instances)', await benchScale()]);
console.log('\nsummary:');
for (const [name, ok] of results) console.log(`  ${name}: ${ok ? 'within budget' : 'OVER BUDGET'}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
