// Records that a check of `npm test` passed, for scripts/test-summary.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('reports', { recursive: true });
writeFileSync(`reports/${process.argv[2]}.ok`, new Date().toISOString());
