/**
 * Page boundaries of a list: the sort key of every STEP-th row, so that a page anywhere in the list
 * is a keyset seek (rows after the nearest boundary, skipping fewer than STEP) instead of an OFFSET
 * that walks every row before it. Pure: the SQL is in page-boundary-repository.ts.
 *
 * A list is one or more regions, each an index range in one direction: a sort on a nullable column
 * is two (`last_donation_date asc nulls first` = the donors without a date by id, then the others
 * by date and id), as a row comparison can seek within a region but not across NULLs.
 */

/** The sort key of one row as text (each part of the region's key, the id last), as PostgreSQL prints it. */
export type RowKey = readonly string[];

export interface BoundaryRegion {
  /** How many rows the region has; null for the last region (not needed: nothing follows it). */
  size: number | null;
  /** boundaries[j]: the key of the region's row at position (j + 1) × step − 1. */
  boundaries: readonly RowKey[];
}

export interface BoundaryIndex {
  /** The book version the boundaries were computed at (read by the same statement). */
  version: number;
  step: number;
  regions: readonly BoundaryRegion[];
}

/** Consecutive rows of one region: those after `after` (the region's first when null), skipping `offset`, at most `limit`. */
export interface ListSegment {
  region: number;
  after: RowKey | null;
  offset: number;
  limit: number;
}

/** When deep pages seek: from which first row (`from`), and one boundary every `step` rows. */
export interface DeepPagePolicy {
  from: number;
  step: number;
}

/**
 * Measured on the bench book (bench/donor-book.ts, 20,000 donors, 100,000 donations): OFFSET reads
 * every row it skips, ~2 ms for 1,000 donors, ~7 ms for 5,000, ~40 ms for 15,000; the boundaries
 * cost 5–25 ms once per book version (by donor name across donations, ~150 ms: a join); a seek under
 * 1 ms, walking at most `step` − 1 index entries. Pages before row 1,000 keep OFFSET (as cheap as a
 * seek there) and never wait for boundaries.
 */
export const DEFAULT_DEEP_PAGE_POLICY: DeepPagePolicy = { from: 1_000, step: 100 };

/** The segments (one, or two across regions) that make rows [start, start + limit) of the list. */
export function segmentsOf(index: BoundaryIndex, start: number, limit: number): ListSegment[] {
  const segments: ListSegment[] = [];
  let regionStart = 0;
  let position = start;
  let remaining = limit;
  for (const [region, { size, boundaries }] of index.regions.entries()) {
    const regionSize = size ?? Number.POSITIVE_INFINITY;
    if (position >= regionStart + regionSize) {
      regionStart += regionSize;
      continue;
    }
    const relative = position - regionStart;
    const passed = Math.min(Math.floor(relative / index.step), boundaries.length);
    const take = Math.min(remaining, regionSize - relative);
    segments.push({ region, after: passed === 0 ? null : boundaries[passed - 1]!, offset: relative - passed * index.step, limit: take });
    remaining -= take;
    if (remaining === 0) break;
    regionStart += regionSize;
    position = regionStart;
  }
  return segments;
}

/** Roughly how much memory the boundaries take (the cache's bound). */
export function boundaryBytes(index: BoundaryIndex): number {
  let bytes = 64;
  for (const region of index.regions) for (const key of region.boundaries) for (const part of key) bytes += 48 + 2 * part.length;
  return bytes;
}
