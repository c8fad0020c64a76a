/**
 * The SQL of deep pages (page-boundaries.ts) for any list described as a keyset: its FROM, its
 * conditions (the campaign's rows and the filters) and its regions, each ordered by key parts of one
 * direction ending with the row's id, none of them NULL within the region. A boundary's key travels
 * as text (what PostgreSQL prints) and is cast back to the part's type, so a timestamp keeps its
 * microseconds.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { versionSql } from '../book/book-version-repository';
import type { BoundaryIndex, ListSegment, RowKey } from './page-boundaries';

export type KeyType = 'text' | 'uuid' | 'date' | 'timestamptz' | 'bigint' | 'integer';

export interface KeyPart {
  expr: SQL;
  type: KeyType;
  /**
   * The index puts NULLs first ascending (last descending). No part is NULL within its region, but
   * the ORDER BY must still name the index's order for PostgreSQL to walk the index instead of sorting.
   */
  nullsFirst?: boolean;
}

export interface KeysetRegion {
  /** What puts a row in this region (none: every row of the list). */
  where?: SQL;
  /** The region's ORDER BY, every part in the same direction; the last part is unique (the id). */
  parts: readonly KeyPart[];
  descending: boolean;
  /**
   * How many leading parts an index orders by when the rest come from a join (donations by donor
   * name): a second, looser seek on them lets that index start at the boundary.
   */
  indexedParts?: number;
}

export interface KeysetList {
  campaignId: string;
  /** FROM and joins. */
  from: SQL;
  /** The campaign's rows and the filters. */
  where: SQL;
  /** The id a page returns. */
  id: SQL;
  regions: readonly KeysetRegion[];
  /**
   * Filters beyond the campaign: the boundaries are then numbered in one pass over the sorted rows,
   * as a seek per boundary could sort a filtered list again each time.
   */
  filtered: boolean;
}

const comma = sql`, `;

/** The conditions together (`true` for none). */
function all(...conditions: (SQL | undefined)[]): SQL {
  return and(...conditions) ?? sql`true`;
}

function orderOf(region: KeysetRegion): SQL {
  const direction = (part: KeyPart) => (region.descending ? 'desc' : 'asc') + (part.nullsFirst ? (region.descending ? ' nulls last' : ' nulls first') : '');
  return sql.join(
    region.parts.map((part) => sql`${part.expr} ${sql.raw(direction(part))}`),
    comma,
  );
}

/** (parts…) > (key…) ascending, < descending; `orEqual` for the index's looser seek. */
function compare(region: KeysetRegion, count: number, values: readonly SQL[], orEqual: boolean): SQL {
  const op = (region.descending ? '<' : '>') + (orEqual ? '=' : '');
  const parts = region.parts.slice(0, count).map((part) => part.expr);
  return sql`(${sql.join(parts, comma)}) ${sql.raw(op)} (${sql.join(values.slice(0, count), comma)})`;
}

/** The rows after `values` (SQL of the region's key, each part typed) in the region's order. */
function after(region: KeysetRegion, values: readonly SQL[]): SQL {
  const whole = compare(region, region.parts.length, values, false);
  const indexed = region.indexedParts;
  return indexed && indexed < region.parts.length ? sql`${compare(region, indexed, values, true)} and ${whole}` : whole;
}

function keyValues(region: KeysetRegion, key: RowKey): SQL[] {
  if (key.length !== region.parts.length) throw new Error('a page boundary does not fit its region');
  return region.parts.map((part, i) => sql`cast(${key[i]} as ${sql.raw(part.type)})`);
}

/** The ids of the rows of these segments (a subquery for `id in (…)`). */
export function segmentIdsSql(list: KeysetList, segments: readonly ListSegment[]): SQL {
  const selects = segments.map((segment) => {
    const region = list.regions[segment.region]!;
    const where = all(list.where, region.where, segment.after ? after(region, keyValues(region, segment.after)) : undefined);
    return sql`(select ${list.id} as id from ${list.from} where ${where} order by ${orderOf(region)} limit ${segment.limit} offset ${segment.offset})`;
  });
  return sql`select s.id from (${sql.join(selects, sql` union all `)}) s`;
}

const columns = (region: KeysetRegion) => region.parts.map((_, i) => sql.raw(`k${i}`));

/** Every `step`-th key of a region by one seek per boundary (each seek walks `step` index entries from the last). */
function seekedBoundaries(list: KeysetList, region: KeysetRegion, step: number): SQL {
  const keys = columns(region);
  const named = sql.join(
    region.parts.map((part, i) => sql`${part.expr} as ${keys[i]}`),
    comma,
  );
  const previous = keys.map((k) => sql`page_boundary.${k}`);
  const next = sql`select ${named} from ${list.from} where ${all(list.where, region.where, after(region, previous))} order by ${orderOf(region)} offset ${step - 1} limit 1`;
  const text = sql.join(
    keys.map((k) => sql`${k}::text`),
    comma,
  );
  return sql`(with recursive page_boundary(${sql.join(keys, comma)}, n) as (
      (select ${named}, 1 from ${list.from} where ${all(list.where, region.where)} order by ${orderOf(region)} offset ${step - 1} limit 1)
      union all
      (select s.*, page_boundary.n + 1 from page_boundary cross join lateral (${next}) s)
    ) select coalesce(json_agg(json_build_array(${text}) order by n), '[]'::json) from page_boundary)`;
}

/** Every `step`-th key of a region by numbering the sorted rows once. */
function numberedBoundaries(list: KeysetList, region: KeysetRegion, step: number): SQL {
  const keys = columns(region);
  const named = sql.join(
    region.parts.map((part, i) => sql`${part.expr} as ${keys[i]}`),
    comma,
  );
  const text = sql.join(
    keys.map((k) => sql`s.${k}::text`),
    comma,
  );
  return sql`(select coalesce(json_agg(json_build_array(${text}) order by s.rn), '[]'::json)
    from (select ${named}, row_number() over (order by ${orderOf(region)}) as rn from ${list.from} where ${all(list.where, region.where)}) s
    where s.rn % ${step} = 0)`;
}

/** How many rows a region has (needed for every region but the last). */
function regionSize(list: KeysetList, region: KeysetRegion): SQL {
  return sql`(select count(*)::int from ${list.from} where ${all(list.where, region.where)})`;
}

/** The list's boundaries every `step` rows and the book version, in one statement (one snapshot). */
export async function findPageBoundaries(db: Executor, list: KeysetList, step: number): Promise<BoundaryIndex> {
  const last = list.regions.length - 1;
  const regions = list.regions.map(
    (region, i) =>
      sql`json_build_object('size', ${i === last ? sql`null::int` : regionSize(list, region)}, 'boundaries', ${
        list.filtered ? numberedBoundaries(list, region, step) : seekedBoundaries(list, region, step)
      })`,
  );
  const result = await db.execute<{ version: string | number; regions: { size: number | null; boundaries: string[][] }[] }>(
    sql`select ${versionSql(list.campaignId)} as version, json_build_array(${sql.join(regions, comma)}) as regions`,
  );
  const row = result.rows[0]!;
  return { version: Number(row.version), step, regions: row.regions };
}
