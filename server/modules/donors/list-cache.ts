/**
 * Counts and totals of lists (and the pages of the hottest ones), cached per app instance against the campaign's donor-book
 * version (donor_book_versions, bumped by triggers on every write of the campaign's donors,
 * pledges, donations, tags and notes, whoever writes). A page of a list that did not change costs
 * its page query only; any write makes the next request count again. Every instance checks the
 * version in the database, so several instances stay correct.
 */
import type { FastifyInstance } from 'fastify';

const MAX_ENTRIES = 2_000;
/** Pages of more rows than this are not kept (bounded memory: at most ~2,000 small pages). */
export const PAGE_CACHE_MAX_LIMIT = 50;

interface Entry {
  version: number;
  value: unknown;
}

const caches = new WeakMap<FastifyInstance, Map<string, Entry>>();

function cacheOf(app: FastifyInstance): Map<string, Entry> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  return cache;
}

/** The cache key of a list's filter: everything but paging and sort (a count or totals). */
export function filterKey(list: string, campaignId: string, filter: object): string {
  return queryKey(list, campaignId, Object.fromEntries(Object.entries(filter).filter(([key]) => key !== 'page' && key !== 'limit' && key !== 'sort')));
}

/** The cache key of one page of a list: the whole query (filter, sort, page, limit); null (not cached) for a large page. */
export function pageKey(list: string, campaignId: string, query: { limit: number } & object): string | null {
  if (query.limit > PAGE_CACHE_MAX_LIMIT) return null;
  return queryKey(list, campaignId, query);
}

function queryKey(list: string, campaignId: string, query: object): string {
  const kept = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${list}|${campaignId}|${JSON.stringify(kept)}`;
}

/**
 * The cached value for `key` when it was computed at `version`; else `compute()`, which answers the
 * value and the version it was computed at: the version seen by the same statement, or one read
 * BEFORE the value's queries (data newer than its version is only recomputed once more; data older
 * than its version would be served stale, so a version is never read after the data).
 */
export async function cachedListFigure<T>(app: FastifyInstance, key: string | null, version: number, compute: () => Promise<{ value: T; version: number }>): Promise<T> {
  if (key === null) return (await compute()).value;
  const cache = cacheOf(app);
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const computed = await compute();
  cache.delete(key);
  cache.set(key, { version: computed.version, value: computed.value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return computed.value;
}
