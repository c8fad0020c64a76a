/** `npm run dev`'s API entry: the server without the SPA build step (Vite serves the SPA in dev). */
import { getConfig } from './config';
import { startServer, stopOnSignals } from './server';

stopOnSignals(await startServer(getConfig()));
