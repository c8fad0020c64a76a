import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { givingPageUrl } from '../../domain/payments/api-contract';
import { isValidSlug } from '../../domain/validation/campaign';
import { withDefaultAccess } from './access';
import { isGivingPageDocument } from './security';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The donors' entry (vite.config.ts): the giving pages without the staff app's shell. */
const GIVING_DOCUMENT = 'giving.html';

/**
 * The address the giving page of the document `url` (/{slug}) loads its data from, as its script
 * asks for it (domain `givingPageUrl`), when the path is a slug; undefined otherwise (/pay-your-donation).
 */
export function givingDataUrl(url: string): string | undefined {
  const segment = /^\/([A-Za-z0-9-]+)\/?(?:[?#]|$)/.exec(url)?.[1];
  if (!segment || segment === 'pay-your-donation' || !isValidSlug(segment.toLowerCase())) return undefined;
  return givingPageUrl(segment);
}

/**
 * giving.html for the giving page `dataUrl`: the page's data asked for by the HTML itself
 * (`<link rel="preload" as="fetch" crossorigin>`, which the page's own fetch then takes), so it loads
 * beside the scripts instead of after them.
 */
export function withDataPreload(document: string, dataUrl: string): string {
  const link = `<link rel="preload" as="fetch" crossorigin href="${dataUrl}">\n    `;
  const at = document.search(/<script|<link rel="modulepreload"|<\/head>/);
  return at < 0 ? document : `${document.slice(0, at)}${link}${document.slice(at)}`;
}

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
  const givingEntry = existsSync(path.join(spaDir, GIVING_DOCUMENT)) ? readFileSync(path.join(spaDir, GIVING_DOCUMENT), 'utf8') : undefined;
  return async (request, reply) => {
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml) return false;
    const giving = givingEntry !== undefined && isGivingPageDocument(request);
    const dataUrl = giving && request.method === 'GET' ? givingDataUrl(request.url) : undefined;
    if (givingEntry !== undefined && dataUrl) {
      await reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withDataPreload(givingEntry, dataUrl));
      return true;
    }
    await reply.code(200).header('cache-control', 'no-cache').sendFile(giving ? GIVING_DOCUMENT : 'index.html');
    return true;
  };
}
