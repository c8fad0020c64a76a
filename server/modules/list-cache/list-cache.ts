/**
 * Counts and totals of lists (and the pages of the hottest ones), cached per app instance against the campaign's donor-book
 * version (donor_book_versions, bumped by triggers on every write of the campaign's donors,
 * pledges, donations, tags and notes, whoever writes). A page of a list that did not change costs
 * its page query only; any write makes the next request count again, unless the caller can tell from
 * the versions' logged changes (book-changes.ts) that the writes since could not change the value
 * (`survives`): a write to one donor leaves the other pages of the donor list as they were. Every
 * instance checks the version in the database, so several instances stay correct.
 */
import type { FastifyInstance } from 'fastify';
import { appKey } from './page-boundary-cache';

/*
 * The module's public face: other modules import the list cache from this file only (its other
 * files are imported inside server/modules/list-cache). Besides the list figures below: deep pages
 * (keyset seeks after cached page boundaries, and the block of pages read ahead with a page that
 * misses), the SQL pieces a list's repository describes its keyset with, and the per-app key every
 * in-memory cache is kept under.
 */
export { isDeepPage, readAheadBlock, readPage } from './deep-page';
export type { ListSegment } from './page-boundaries';
export { appKey, boundaryKey } from './page-boundary-cache';
export { findPageBoundaries, segmentIdsSql, type KeyPart, type KeysetList, type KeysetRegion } from './page-boundary-repository';

const MAX_ENTRIES = 2_000;
/** Pages of more rows than this are not kept (bounded memory: at most ~2,000 small pages). */
export const PAGE_CACHE_MAX_LIMIT = 50;

interface Entry {
  version: number;
  value: unknown;
}

interface AppCache {
  entries: Map<string, Entry>;
  /** Computations under way, by key and version: requests that miss together share one. */
  inflight: Map<string, Promise<{ value: unknown; version: number }>>;
  /** Answers from a kept entry (metrics: server/plugins/metrics.ts). */
  hits: number;
  /** Answers that were computed (or joined a computation under way). */
  misses: number;
  /** Kept entries of an older version that the writes since then could not change (carried forward). */
  carried: number;
  /** Whether entries may be carried forward (off for a test's oracle). */
  carry: boolean;
}

const caches = new WeakMap<object, AppCache>();

function cacheOf(app: FastifyInstance): AppCache {
  let cache = caches.get(appKey(app));
  if (!cache) {
    const created: AppCache = { entries: new Map(), inflight: new Map(), hits: 0, misses: 0, carried: 0, carry: true };
    // Changes may have been missed (or the database restored): nothing kept can be vouched for.
    app.changes.onReset(() => created.entries.clear());
    caches.set(appKey(app), created);
    cache = created;
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
export async function cachedListFigure<T>(
  app: FastifyInstance,
  key: string | null,
  version: number,
  compute: () => Promise<{ value: T; version: number }>,
  survives?: (from: number, value: T) => Promise<boolean>,
): Promise<T> {
  if (key === null) return (await compute()).value;
  const cache = cacheOf(app);
  const { entries, inflight } = cache;
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    cache.hits += 1;
    // Most recently used last: Map keeps insertion order.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as T;
  }
  // An older entry the writes since could not have changed is the answer at this version too.
  if (hit && hit.version < version && survives && cache.carry && (await survives(hit.version, hit.value as T))) {
    cache.carried += 1;
    if (hit.version < version) hit.version = version;
    if (entries.get(key) === hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit.value as T;
  }
  cache.misses += 1;
  // After a write, every request of the moment misses at once: one computation answers them all.
  const flightKey = `${version}|${key}`;
  let flight = inflight.get(flightKey) as Promise<{ value: T; version: number }> | undefined;
  if (!flight) {
    flight = compute();
    inflight.set(flightKey, flight);
    void flight.then(
      () => inflight.delete(flightKey),
      () => inflight.delete(flightKey),
    );
  }
  const computed = await flight;
  store(entries, key, computed);
  return computed.value;
}

/** Stores an entry as the most recently used, dropping the least recently used one past MAX_ENTRIES. */
function store(entries: Map<string, Entry>, key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, { version: entry.version, value: entry.value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

/** Keeps a value computed with another (a page read ahead with its neighbour) unless a newer one is kept. */
export function keepListFigure(app: FastifyInstance, key: string | null, version: number, value: unknown): void {
  if (key === null) return;
  const { entries } = cacheOf(app);
  const kept = entries.get(key);
  if (kept && kept.version >= version) return;
  store(entries, key, { version, value });
}

/** Hits, misses, carried entries and entries of this app's list cache (metrics). */
export function listCacheStats(app: FastifyInstance): { hits: number; misses: number; carried: number; size: number } {
  const cache = cacheOf(app);
  return { hits: cache.hits, misses: cache.misses, carried: cache.carried, size: cache.entries.size };
}

/** Whether this app carries entries forward across writes that cannot change them (a test's oracle turns it off). */
export function setListCacheCarry(app: FastifyInstance, carry: boolean): void {
  cacheOf(app).carry = carry;
}
