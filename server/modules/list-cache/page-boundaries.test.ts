/**
 * Deep pages without a database: the segments the boundaries give are exactly the rows OFFSET paging
 * gives, in any list of regions, for any page; and a page whose statement saw another book version
 * than its boundaries is never answered with them.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readPage, setDeepPagePolicy, type DeepPageSource } from './deep-page';
import { segmentsOf, type BoundaryIndex, type ListSegment } from './page-boundaries';

/** A list of regions; a row's key within its region is its position there (as text, zero-padded). */
type List = number[]; // region sizes
const keyOf = (position: number) => [String(position).padStart(6, '0')];

function indexOf(list: List, step: number, version = 1): BoundaryIndex {
  return {
    version,
    step,
    regions: list.map((size, i) => ({
      size: i === list.length - 1 ? null : size,
      boundaries: Array.from({ length: Math.floor(size / step) }, (_, j) => keyOf((j + 1) * step - 1)),
    })),
  };
}

/** The rows as [region, position] in list order. */
const rowsOf = (list: List) => list.flatMap((size, region) => Array.from({ length: size }, (_, position) => [region, position] as const));

/** What the seeks of the segments return: rows after the key, skipping `offset`, at most `limit`. */
function seek(list: List, segments: readonly ListSegment[]) {
  return segments.flatMap((segment) => {
    const after = segment.after ? Number(segment.after[0]) : -1;
    return rowsOf(list)
      .filter(([region, position]) => region === segment.region && position > after)
      .slice(segment.offset, segment.offset + segment.limit);
  });
}

describe('page boundaries: segments', () => {
  it('give the rows of OFFSET paging for every list, step and page', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(130),
        fc.integer({ min: 1, max: 30 }),
        (list, step, start, limit) => {
          expect(seek(list, segmentsOf(indexOf(list, step), start, limit))).toEqual(rowsOf(list).slice(start, start + limit));
        },
      ),
      { seed: 20_250_615, numRuns: 2_000 },
    );
  });

  it('seek at most `step` − 1 rows past a boundary, and span at most two regions', () => {
    const segments = segmentsOf(indexOf([25, 1_000], 10), 20, 30);
    expect(segments).toEqual([
      { region: 0, after: keyOf(19), offset: 0, limit: 5 },
      { region: 1, after: null, offset: 0, limit: 25 },
    ]);
    expect(segmentsOf(indexOf([1_000], 100), 987, 25)).toEqual([{ region: 0, after: keyOf(899), offset: 87, limit: 25 }]);
  });
});

/**
 * A list whose book moves to `versions[i]` when its i-th statement runs. At version v it holds the
 * values `rows` values 0…rows − 1 and, when `grows`, v − 1 smaller ones before them (each write adds
 * a row at the start, which moves every boundary).
 */
function fakeSource(rows: number, versions: number[], requestVersion: number, grows = false) {
  const listAt = (version: number) => Array.from({ length: rows + (grows ? version - 1 : 0) }, (_, i) => i - (grows ? version - 1 : 0));
  let statement = 0;
  const now = () => versions[Math.min(statement++, versions.length - 1)]!;
  const calls = { boundaries: 0, seeks: 0, offset: 0 };
  const offsetRows: [number, number][] = [];
  const source: DeepPageSource<number> = {
    key: 'list|campaign',
    version: requestVersion,
    boundaries: async (step) => {
      calls.boundaries += 1;
      const version = now();
      const list = listAt(version);
      return { version, step, regions: [{ size: null, boundaries: Array.from({ length: Math.floor(list.length / step) }, (_, j) => [String(list[(j + 1) * step - 1])]) }] };
    },
    seek: async (segments) => {
      calls.seeks += 1;
      const version = now();
      const page = segments.flatMap((segment) =>
        listAt(version)
          .filter((value) => !segment.after || value > Number(segment.after[0]))
          .slice(segment.offset, segment.offset + segment.limit),
      );
      return { rows: page, version: page.length ? version : null };
    },
    bookVersion: async () => now(),
    offset: async (start, limit) => {
      calls.offset += 1;
      offsetRows.push([start, limit]);
      return [-1_000];
    },
  };
  return { source, calls, listAt, offsetRows };
}

function appWith(step: number): FastifyInstance {
  const app = {} as FastifyInstance;
  setDeepPagePolicy(app, { from: 10, step });
  return app;
}

describe('page boundaries: reading a page', () => {
  it('pages before `from` use OFFSET; deeper ones seek', async () => {
    const app = appWith(5);
    const shallow = fakeSource(100, [1], 1);
    expect(await readPage(app, 9, 3, shallow.source)).toEqual([-1_000]);
    expect(shallow.offsetRows).toEqual([[9, 3]]);
    const deep = fakeSource(100, [1], 1);
    expect(await readPage(app, 42, 3, deep.source)).toEqual([42, 43, 44]);
    expect(deep.calls).toEqual({ boundaries: 1, seeks: 1, offset: 0 });
  });

  it('a write between the boundaries and the page that moved no boundary: the page as it was read', async () => {
    const app = appWith(5);
    // Boundaries at 1, the seek sees 2; the boundaries at 2 give the same seek.
    const { source, calls } = fakeSource(100, [1, 2, 2], 1);
    expect(await readPage(app, 42, 3, source)).toEqual([42, 43, 44]);
    expect(calls).toEqual({ boundaries: 2, seeks: 1, offset: 0 });
  });

  it('a write between the boundaries and the page that moved them: sought again after those of its version', async () => {
    const app = appWith(5);
    const { source, calls, listAt } = fakeSource(100, [1, 2, 2, 2], 1, true);
    expect(await readPage(app, 42, 3, source)).toEqual(listAt(2).slice(42, 45));
    expect(listAt(2).slice(42, 45)).not.toEqual(listAt(1).slice(42, 45));
    expect(calls).toEqual({ boundaries: 2, seeks: 2, offset: 0 });
  });

  it('an empty page is checked against the book version read after it', async () => {
    const app = appWith(5);
    const { source, calls } = fakeSource(20, [1, 1, 2, 2, 2, 2], 1);
    // Boundaries at 1, empty seek, book at 2: boundaries at 2, empty seek, book at 2: empty.
    expect(await readPage(app, 60, 3, source)).toEqual([]);
    expect(calls).toEqual({ boundaries: 2, seeks: 2, offset: 0 });
  });

  it('a book that keeps changing: OFFSET', async () => {
    const app = appWith(5);
    const { source, calls, offsetRows } = fakeSource(100, [1, 2, 3, 4, 5, 6], 1, true);
    expect(await readPage(app, 42, 3, source)).toEqual([-1_000]);
    expect(calls.offset).toBe(1);
    // The rows asked for (a page, or a block of pages read together), not the request's page.
    expect(offsetRows).toEqual([[42, 3]]);
  });

  it('requests of one version share one computation of the boundaries', async () => {
    const app = appWith(5);
    const { source, calls } = fakeSource(1_000, [7], 7);
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => readPage(app, 100 + 10 * i, 2, source)));
    expect(pages).toEqual(Array.from({ length: 20 }, (_, i) => [100 + 10 * i, 101 + 10 * i]));
    expect(calls.boundaries).toBe(1);
  });
});
