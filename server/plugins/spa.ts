import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { withDefaultAccess } from './access';
import { isGivingPageDocument } from './security';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The donors' entry (vite.config.ts): the giving pages without the staff app's shell. */
const GIVING_DOCUMENT = 'giving.html';

/**
 * Serves the built SPA from `spaDir` when `spaDir/index.html` exists. Returns the history fallback
 * for the not-found handler: a GET/HEAD whose Accept includes text/html gets index.html (200), so
 * /dashboard, /auth/login and /{slug} all load the SPA; a giving page's document (/{slug},
 * /pay-your-donation) gets the donors' entry giving.html when the build has one.
 * Returns undefined when there is no SPA.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string): Promise<NotFoundFallback | undefined> {
  if (!existsSync(path.join(spaDir, 'index.html'))) {
    app.log.warn({ spaDir }, 'no built SPA found: serving the API only (run `npx vite build`)');
    return undefined;
  }
  await withDefaultAccess(app, 'public', () => app.register(fastifyStatic, {
    root: spaDir,
    // The build writes `.br` and `.gz` beside each text asset (vite.config.ts): sent as the client accepts.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(spaDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  }));
  const hasGivingEntry = existsSync(path.join(spaDir, GIVING_DOCUMENT));
  return async (request, reply) => {
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml) return false;
    const document = hasGivingEntry && isGivingPageDocument(request) ? GIVING_DOCUMENT : 'index.html';
    await reply.code(200).header('cache-control', 'no-cache').sendFile(document);
    return true;
  };
}
