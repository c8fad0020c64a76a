/**
 * The page boundaries of lists (page-boundaries.ts), kept per app instance against the campaign's
 * donor-book version like the other list figures (list-cache.ts): any write of the book makes the
 * next deep page compute them again, once for every request of that moment (single flight). Bounded:
 * at most MAX_ENTRIES lists and about MAX_BYTES, least recently used out first.
 */
import type { FastifyInstance } from 'fastify';
import { boundaryBytes, type BoundaryIndex } from './page-boundaries';

const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  index: BoundaryIndex;
  bytes: number;
}

interface BoundaryCache {
  entries: Map<string, Entry>;
  bytes: number;
  inflight: Map<string, Promise<BoundaryIndex>>;
  hits: number;
  misses: number;
}

/**
 * What is kept per app: route plugins get encapsulated children of the app, which share its
 * decorations, so the app's change feed stands for the app (the instance itself without one).
 */
export function appKey(app: FastifyInstance): object {
  return (app as Partial<FastifyInstance>).changes ?? app;
}

const caches = new WeakMap<object, BoundaryCache>();

function cacheOf(app: FastifyInstance): BoundaryCache {
  let cache = caches.get(appKey(app));
  if (!cache) {
    cache = { entries: new Map(), bytes: 0, inflight: new Map(), hits: 0, misses: 0 };
    caches.set(appKey(app), cache);
  }
  return cache;
}

/** The cache key of a list's boundaries: its filter and sort (not its page or page size). */
export function boundaryKey(list: string, campaignId: string, query: object): string {
  const kept = Object.entries(query)
    .filter(([key, value]) => key !== 'page' && key !== 'limit' && value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${list}|${campaignId}|${JSON.stringify(kept)}`;
}

function remove(cache: BoundaryCache, key: string): void {
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.entries.delete(key);
  cache.bytes -= entry.bytes;
}

/**
 * The boundaries for `key` when kept at `version` or a later one (a request may read the version
 * before the change feed announces the last write; the page's own statement checks it, deep-page.ts),
 * or at an older one when `survives` says the writes since did not move them; else `compute()`, whose
 * index carries the version its statement saw.
 */
export async function cachedBoundaries(
  app: FastifyInstance,
  key: string,
  version: number,
  compute: () => Promise<BoundaryIndex>,
  survives?: (from: number) => Promise<boolean>,
): Promise<BoundaryIndex> {
  const cache = cacheOf(app);
  const hit = cache.entries.get(key);
  if (hit && hit.index.version >= version) {
    cache.hits += 1;
    cache.entries.delete(key);
    cache.entries.set(key, hit);
    return hit.index;
  }
  // Older boundaries that the writes since could not move are this version's too.
  if (hit && survives && (await survives(hit.index.version))) {
    cache.hits += 1;
    const index = { ...hit.index, version };
    const kept = cache.entries.get(key);
    if (kept && kept.index.version < version) kept.index = index;
    return index;
  }
  cache.misses += 1;
  const flightKey = `${version}|${key}`;
  let flight = cache.inflight.get(flightKey);
  if (!flight) {
    flight = compute();
    cache.inflight.set(flightKey, flight);
    const done = () => cache.inflight.delete(flightKey);
    void flight.then(done, done);
  }
  const index = await flight;
  const kept = cache.entries.get(key);
  // A request that waited on an older version must not replace what a newer one stored.
  if (!kept || kept.index.version <= index.version) {
    remove(cache, key);
    const entry = { index, bytes: boundaryBytes(index) };
    cache.entries.set(key, entry);
    cache.bytes += entry.bytes;
    for (const oldest of cache.entries.keys()) {
      if (cache.entries.size <= MAX_ENTRIES && cache.bytes <= MAX_BYTES) break;
      remove(cache, oldest);
    }
  }
  return index;
}

/** Hits, misses, lists and bytes of this app's page boundaries (metrics). */
export function boundaryCacheStats(app: FastifyInstance): { hits: number; misses: number; size: number; bytes: number } {
  const cache = cacheOf(app);
  return { hits: cache.hits, misses: cache.misses, size: cache.entries.size, bytes: cache.bytes };
}
