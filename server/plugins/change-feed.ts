/**
 * `app.changes`: the database change feed (db/change-feed.ts) behind the API's read caches
 * (`app.changes.cache(name, max)`), opened with the app and closed with it. After every request
 * that may have written (any method but GET/HEAD/OPTIONS), the response waits for the feed to have
 * delivered every change committed so far, so the caller's next request never reads a cache older
 * than its own write.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ChangeFeed } from '../db/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerChangeFeed(app: FastifyInstance): Promise<void> {
  const feed = new ChangeFeed(() => new pg.Client({ ...app.pool.options, keepAlive: true }), app.pool, app.log);
  app.decorate('changes', feed);
  await feed.start();
  app.addHook('onClose', async () => {
    await feed.stop();
  });
  app.addHook('onSend', async (request) => {
    if (READ_METHODS.has(request.method)) return;
    await feed.sync().catch((error: unknown) => request.log.warn({ err: error }, 'change feed: sync after a write failed'));
  });
}
