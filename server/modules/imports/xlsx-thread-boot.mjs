// Starts xlsx-thread.ts in a worker thread, whatever runs the server (tsx, vitest): the thread gets
// no flags of its parent, so it loads TypeScript through tsx's own loader here.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
