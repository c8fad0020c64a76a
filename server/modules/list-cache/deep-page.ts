/**
 * One page of a list, by OFFSET near the start and by keyset seeks after the cached page boundaries
 * further on (page-boundaries.ts). The rows are exactly those OFFSET paging gives at the moment of
 * the page's statement: that statement also reads the book version, and when it is not the version
 * the boundaries were computed at (a write came in between), the page is checked against (or sought
 * again after) the boundaries of the version it saw; after a second miss, OFFSET.
 */
import type { FastifyInstance } from 'fastify';
import { appKey, cachedBoundaries } from './page-boundary-cache';
import { DEFAULT_DEEP_PAGE_POLICY, segmentsOf, type BoundaryIndex, type DeepPagePolicy, type ListSegment } from './page-boundaries';

export interface DeepPageSource<Row> {
  /** The boundaries' cache key (list, campaign, filter and sort: page-boundary-cache.ts). */
  key: string;
  /** The book version the request read (readBookCampaign). */
  version: number;
  /** The list's boundaries every `step` rows, with the version their statement saw. */
  boundaries(step: number): Promise<BoundaryIndex>;
  /** The rows of these segments, with the book version the same statement saw (null when no row came back). */
  seek(segments: ListSegment[]): Promise<{ rows: Row[]; version: number | null }>;
  /** The book version in the database now (checks a page that came back empty). */
  bookVersion(): Promise<number>;
  /** Rows [start, start + limit) by OFFSET (start is a multiple of limit: a page, or a block of pages read together). */
  offset(start: number, limit: number): Promise<Row[]>;
  /** Whether the writes of versions (from, to] left the list's order as it was (its boundaries kept). */
  boundariesSurvive?(from: number, to: number): Promise<boolean>;
}

const policies = new WeakMap<object, DeepPagePolicy>();

export interface DeepPageStats {
  /** Pages read by OFFSET because they start before the policy's `from`. */
  shallow: number;
  /** Pages answered by seeks. */
  sought: number;
  /** Seeks whose statement saw a newer book than their boundaries (tried again). */
  retried: number;
  /** Pages read by OFFSET after two such misses. */
  fellBack: number;
}

const stats = new WeakMap<object, DeepPageStats>();

/** How this app's pages were read (metrics, tests). */
export function deepPageStats(app: FastifyInstance): DeepPageStats {
  let counts = stats.get(appKey(app));
  if (!counts) {
    counts = { shallow: 0, sought: 0, retried: 0, fellBack: 0 };
    stats.set(appKey(app), counts);
  }
  return counts;
}

/** The app's deep-page policy (tests set a small one to reach deep pages of small books). */
export function deepPagePolicy(app: FastifyInstance): DeepPagePolicy {
  return policies.get(appKey(app)) ?? DEFAULT_DEEP_PAGE_POLICY;
}

/** Whether rows from `start` on are read by seeks (or kept lists), not by OFFSET. */
export function isDeepPage(app: FastifyInstance, start: number): boolean {
  return start >= deepPagePolicy(app).from;
}

export function setDeepPagePolicy(app: FastifyInstance, policy: DeepPagePolicy): void {
  if (!Number.isInteger(policy.step) || policy.step < 1 || !Number.isInteger(policy.from) || policy.from < 0) throw new Error('invalid deep-page policy');
  policies.set(appKey(app), policy);
}

/**
 * Pages of a block read together when one of them misses the page cache (list-cache.ts): the block
 * of READ_AHEAD_PAGES pages the page is in, when all of it is deep. One seek of 8 pages costs
 * PostgreSQL little more than one of a page, and the pages near it (the next, the one before) then
 * answer from memory.
 */
export const READ_AHEAD_PAGES = 8;

/** The rows [start, start + limit) of the block read with the page [pageStart, pageStart + limit); null when the block is not all deep. */
export function readAheadBlock(app: FastifyInstance, pageStart: number, limit: number): { start: number; limit: number } | null {
  const size = limit * READ_AHEAD_PAGES;
  const start = Math.floor(pageStart / size) * size;
  return isDeepPage(app, start) ? { start, limit: size } : null;
}

function sameSegments(a: readonly ListSegment[], b: readonly ListSegment[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Rows [start, start + limit) of the list. */
export async function readPage<Row>(app: FastifyInstance, start: number, limit: number, source: DeepPageSource<Row>): Promise<Row[]> {
  const policy = deepPagePolicy(app);
  const counts = deepPageStats(app);
  if (!isDeepPage(app, start)) {
    counts.shallow += 1;
    return source.offset(start, limit);
  }
  const survives = source.boundariesSurvive?.bind(source);
  const boundaries = (version: number) =>
    cachedBoundaries(app, source.key, version, () => source.boundaries(policy.step), survives && ((from: number) => survives(from, version)));
  let index = await boundaries(source.version);
  for (let attempt = 0; attempt < 2; attempt++) {
    const segments = segmentsOf(index, start, limit);
    const page = await source.seek(segments);
    // The version only grows: read after the (empty) page and equal, it was the page's too.
    const seen = page.version ?? (await source.bookVersion());
    if (seen === index.version) {
      counts.sought += 1;
      return page.rows;
    }
    // A write came in between: the boundaries of the version the page saw. When they give the same
    // seeks (the write moved no boundary before the page), the page's rows are already the right ones.
    counts.retried += 1;
    index = await boundaries(seen);
    if (page.version !== null && index.version === seen && sameSegments(segmentsOf(index, start, limit), segments)) {
      counts.sought += 1;
      return page.rows;
    }
  }
  counts.fellBack += 1;
  return source.offset(start, limit);
}
