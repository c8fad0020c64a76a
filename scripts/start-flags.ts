/**
 * The Node flags `npm start` gives the server (in package.json: the heap cap), for whatever starts
 * the server another way (the benches, the scale-out fleet), so each runs it as production does.
 */
import { readFileSync } from 'node:fs';

export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}
