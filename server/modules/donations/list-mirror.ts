/**
 * Deep pages of list_donation that survive writes. A list sorted by date or amount is kept in memory
 * per app instance as its entries in order (sort key, id, donor, figures): built once by one
 * statement, then brought to each new book version from the versions' logged changes
 * (book-changes.ts): the donors a version's statement wrote are read again (their entries in the
 * list as they are now) and put in place, so a gift moves every later page by one row without
 * reading them again. The page's rows come from a row cache that a change of their donor voids.
 * A version without a logged change (a large statement, an old version)
 * builds the list again. Count and totals are summed from the entries.
 */
import type { FastifyInstance } from 'fastify';
import { parseSort } from '../../../domain/validation/fields';
import { changesBetween } from '../book/book-changes';
import type { BookChange } from '../book/book-version-repository';
import { appKey, boundaryKey } from '../list-cache/list-cache';
import { EntryList } from './entry-list';
import { onlineFactsOfDonations } from './online-facts-repository';
import { donationListEntries, donationsByIds, refundsOfDonations, type DonationListFilter } from './repository';
import { toDonationRow } from './view';

/** Lists kept, entries over all of them (~100 bytes each), rows kept (~500 bytes of JSON each). */
const MAX_LISTS = 64;
const MAX_ENTRIES = 1_000_000;
const MAX_ROWS = 150_000;
/** Donors whose last change is remembered per campaign; more, and every kept row of the campaign is read again. */
const MAX_STAMPS = 100_000;
/** Rounds of reading changed donors again before building the list anew (writes keep coming meanwhile). */
const MAX_ROUNDS = 3;

interface Mirror {
  /** The book version the entries are of. */
  version: number;
  entries: EntryList;
}

interface KeptRow {
  json: string;
  donorId: string;
  /** The book version its statement saw. */
  version: number;
}

/** Per campaign: the version up to which donor changes are known, and the last change of each donor since `resetAt`. */
interface Stamps {
  known: number;
  resetAt: number;
  donors: Map<string, number>;
}

export interface ListMirrorStats {
  /** Lists read whole. */
  builds: number;
  /** Times a list was brought to a newer version from the changed donors' entries. */
  updates: number;
  /** Pages answered from a kept list. */
  pages: number;
  /** Rows from the row cache, and rows read. */
  rowHits: number;
  rowMisses: number;
  /** Rows read from the database (a page's misses and the rows read ahead with them). */
  rowsRead: number;
}

/** A read of rows in flight: a request's own, or a chunk of a list read whole (which a waiting request asks for next). */
interface RowFlight {
  done: Promise<boolean>;
  demand?: () => void;
}

interface AppMirrors {
  lists: Map<string, Mirror>;
  inflight: Map<string, Promise<Mirror>>;
  rows: Map<string, KeptRow>;
  /** Row reads in flight, by donation id. */
  reading: Map<string, RowFlight>;
  /** Which lists are read whole once built, and in chunks of how many rows (tests set their own). */
  fill: ListFill;
  stamps: Map<string, Stamps>;
  stats: ListMirrorStats;
}

const mirrors = new WeakMap<object, AppMirrors>();

function mirrorsOf(app: FastifyInstance): AppMirrors {
  let kept = mirrors.get(appKey(app));
  if (!kept) {
    const created: AppMirrors = { lists: new Map(), inflight: new Map(), rows: new Map(), reading: new Map(), fill: { maxRows: FILL_MAX_ROWS, chunkRows: FILL_CHUNK }, stamps: new Map(), stats: { builds: 0, updates: 0, pages: 0, rowHits: 0, rowMisses: 0, rowsRead: 0 } };
    // Changes may have been missed (or the database restored): nothing kept can be vouched for.
    app.changes.onReset(() => {
      created.lists.clear();
      created.rows.clear();
      created.stamps.clear();
    });
    mirrors.set(appKey(app), created);
    kept = created;
  }
  return kept;
}

/** How this app's kept donation lists answered (metrics, tests). */
export function listMirrorStats(app: FastifyInstance): ListMirrorStats {
  return mirrorsOf(app).stats;
}

/** The row cache of the kept lists as a read cache (metrics): hits, misses and rows kept. */
export function donationRowCacheStats(app: FastifyInstance): { hits: number; misses: number; size: number } {
  const kept = mirrorsOf(app);
  return { hits: kept.stats.rowHits, misses: kept.stats.rowMisses, size: kept.rows.size };
}

/** Whether a logged change may touch donation rows: every kind but tags (a donor's name is in its rows, and a filter may search it). */
const touchesDonations = (change: BookChange): boolean => change.kind !== 'tags';

/** The donors the logged changes of versions (from, to] wrote gifts, pledges, refunds or fields of (a donor's name is in its rows, and a filter may search it); null when one may have changed anything. */
async function changedDonors(app: FastifyInstance, campaignId: string, from: number, to: number): Promise<Set<string> | null> {
  const changes = await changesBetween(app, campaignId, from, to);
  if (changes === null) return null;
  return new Set(changes.filter(touchesDonations).flatMap((change) => change.donorIds));
}

async function build(app: FastifyInstance, campaignId: string, filter: DonationListFilter): Promise<Mirror> {
  const kept = mirrorsOf(app);
  kept.stats.builds += 1;
  const { entries, version } = await donationListEntries(app.db, campaignId, filter);
  const mirror = { version, entries: EntryList.of(entries, parseSort(filter.sort).descending) };
  if (entries.length <= kept.fill.maxRows) fill(app, campaignId, mirror.entries.idsBetween(0, mirror.entries.size));
  return mirror;
}

/**
 * The list brought from its version to `target` or later: the donors changed since are read again
 * (their entries as of the statement's version S); the changes of (target, S] name the donors to
 * read again next, until a statement sees no newer change.
 */
async function update(app: FastifyInstance, campaignId: string, filter: DonationListFilter, current: Mirror, target: number): Promise<Mirror> {
  let to = target;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const donors = await changedDonors(app, campaignId, current.version, to);
    if (donors === null) return build(app, campaignId, filter);
    if (donors.size === 0) {
      current.version = to;
      return current;
    }
    const fresh = await donationListEntries(app.db, campaignId, filter, [...donors]);
    // Older than the version asked for (never expected: that version was announced after its commit).
    if (fresh.version < to) return build(app, campaignId, filter);
    mirrorsOf(app).stats.updates += 1;
    // Synchronous: a request never sees the list half changed (one that sees it newer than it asked for is answered by newer data).
    current.entries.removeDonors(donors);
    for (const entry of fresh.entries) current.entries.insert(entry);
    current.version = to;
    if (fresh.version === to) return current;
    to = fresh.version;
  }
  return build(app, campaignId, filter);
}

function keep(kept: AppMirrors, key: string, mirror: Mirror): void {
  const old = kept.lists.get(key);
  // A request that waited on an older version must not replace what a newer one stored.
  if (old && old.version > mirror.version) return;
  kept.lists.delete(key);
  kept.lists.set(key, mirror);
  let entries = 0;
  for (const list of kept.lists.values()) entries += list.entries.size;
  for (const [oldest, list] of kept.lists) {
    if (oldest === key || (kept.lists.size <= MAX_LISTS && entries <= MAX_ENTRIES)) break;
    kept.lists.delete(oldest);
    entries -= list.entries.size;
  }
}

/** The list at `version` or a later one (one build or update at a time per list). */
async function mirrorAt(app: FastifyInstance, campaignId: string, filter: DonationListFilter, version: number): Promise<Mirror> {
  const kept = mirrorsOf(app);
  const key = boundaryKey('donation-mirror', campaignId, filter);
  for (;;) {
    const mirror = kept.lists.get(key);
    if (mirror && mirror.version >= version) {
      kept.lists.delete(key);
      kept.lists.set(key, mirror);
      return mirror;
    }
    const running = kept.inflight.get(key);
    if (running) {
      const done = await running;
      if (done.version >= version) return done;
      continue;
    }
    const flight = (mirror ? update(app, campaignId, filter, mirror, version) : build(app, campaignId, filter)).then((next) => {
      keep(kept, key, next);
      return next;
    });
    kept.inflight.set(key, flight);
    const clear = () => kept.inflight.delete(key);
    void flight.then(clear, clear);
    return flight;
  }
}

/** The campaign's donor changes known up to `version` at least. */
async function stampsAt(app: FastifyInstance, campaignId: string, version: number): Promise<Stamps> {
  const kept = mirrorsOf(app);
  let stamps = kept.stamps.get(campaignId);
  if (!stamps) {
    // Rows kept before (if any) cannot be vouched for.
    stamps = { known: version, resetAt: version, donors: new Map() };
    kept.stamps.set(campaignId, stamps);
  }
  if (stamps.known >= version) return stamps;
  const from = stamps.known;
  const changes = await changesBetween(app, campaignId, from, version);
  if (changes === null || stamps.donors.size > MAX_STAMPS) {
    stamps.donors.clear();
    stamps.resetAt = Math.max(stamps.resetAt, version);
  } else {
    for (const change of changes) {
      if (!touchesDonations(change)) continue;
      for (const donor of change.donorIds) stamps.donors.set(donor, Math.max(stamps.donors.get(donor) ?? 0, change.version));
    }
  }
  stamps.known = Math.max(stamps.known, version);
  return stamps;
}

/**
 * Rows read with a page that misses: the missing rows of its block of the list (the block of
 * READ_AHEAD rows it starts in), so the pages near it (the next one, the one before) come from
 * memory. Measured alone on 100,000 donations: 25 rows by id 1.4 ms (60 µs a row), 100 rows 2.4 ms
 * (26 µs), 500 rows 12 ms. Under the stress bench (50 clients on random deep pages of a fresh
 * server) 200 gave p50 13–18 ms and 834–1,302 req/s against 87–92 ms and 496–523 reading only the
 * page; 500-row blocks queued behind each other (p99 up to 2 s).
 */
const READ_AHEAD = 200;

/**
 * A list of at most FILL_MAX_ROWS rows is read whole once built, FILL_CHUNK rows by id a statement,
 * in list order, except that a chunk a page waits for is read next. Every row of the list is in a
 * chunk from the start, so a page that misses waits for its chunk instead of reading its rows beside
 * the fill (readers on two cores slow each other down). Rows already kept are not read again.
 * Measured on 100,000 donations: 1.1–1.2 s alone in chunks by id (1.3–1.4 s in chunks by the list's
 * keyset, ~1.1 s in one statement but all of it held at once), ~2 s under the stress bench, against
 * ~4 s for the 200-row blocks of random pages. 120,000 rows of JSON are ~60 MB (MAX_ROWS bounds the cache).
 */
export const FILL_MAX_ROWS = 120_000;
const FILL_CHUNK = 5_000;
/** Chunks read at once: PostgreSQL runs one while Node parses the other. */
const FILL_READERS = 2;

interface FillChunk {
  ids: string[];
  flight: RowFlight;
  settle: (ok: boolean) => void;
}

function fill(app: FastifyInstance, campaignId: string, ids: readonly string[]): void {
  const kept = mirrorsOf(app);
  const queue: FillChunk[] = [];
  const { chunkRows } = kept.fill;
  for (let at = 0; at < ids.length; at += chunkRows) {
    const chunkIds = ids.slice(at, at + chunkRows).filter((id) => !kept.rows.has(id) && !kept.reading.has(id));
    if (chunkIds.length === 0) continue;
    let settle: (ok: boolean) => void = () => {};
    const done = new Promise<boolean>((resolve) => (settle = resolve));
    const chunk: FillChunk = {
      ids: chunkIds,
      settle,
      flight: {
        done,
        demand: () => {
          const place = queue.indexOf(chunk);
          if (place > 0) queue.unshift(...queue.splice(place, 1));
        },
      },
    };
    queue.push(chunk);
    for (const id of chunkIds) kept.reading.set(id, chunk.flight);
  }
  let failed = false;
  const reader = async () => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      try {
        chunk.settle(!failed && (await readRows(app, campaignId, chunk.ids)));
      } catch (error) {
        // The app closing, or the database gone: the rest is left to the pages that miss.
        if (!failed) app.log.warn({ err: error, campaignId }, 'donation list: the rows were not read whole');
        failed = true;
        chunk.settle(false);
      } finally {
        for (const id of chunk.ids) if (kept.reading.get(id) === chunk.flight) kept.reading.delete(id);
      }
    }
  };
  for (let n = 0; n < FILL_READERS; n++) void reader();
}

export interface ListFill {
  /** Lists of at most this many rows are read whole once built (0: none, only the blocks of the pages that miss). */
  maxRows: number;
  chunkRows: number;
}

export function setListFill(app: FastifyInstance, fill: ListFill): void {
  if (!Number.isInteger(fill.maxRows) || fill.maxRows < 0 || !Number.isInteger(fill.chunkRows) || fill.chunkRows < 1) throw new Error('invalid list fill');
  mirrorsOf(app).fill = fill;
}

/** Reads the rows of these donations into the row cache (as of the statement's version); false when one is no longer there. */
async function readRows(app: FastifyInstance, campaignId: string, ids: readonly string[]): Promise<boolean> {
  const kept = mirrorsOf(app);
  kept.stats.rowsRead += ids.length;
  const read = await donationsByIds(app.db, campaignId, ids);
  if (read.version === null) return false;
  const [refunds, online] = await Promise.all([
    refundsOfDonations(app.db, campaignId, read.rows.filter((r) => r.donation.refundedCents > 0).map((r) => r.donation.id)),
    onlineFactsOfDonations(app.db, campaignId, read.rows.filter((r) => r.donation.source === 'online').map((r) => r.donation.id)),
  ]);
  for (const { donation, donorName } of read.rows) {
    kept.rows.delete(donation.id);
    kept.rows.set(donation.id, {
      json: JSON.stringify(toDonationRow(donation, donorName, refunds.get(donation.id) ?? [], online.get(donation.id))),
      donorId: donation.donorId,
      version: read.version,
    });
  }
  for (const oldest of kept.rows.keys()) {
    if (kept.rows.size <= MAX_ROWS) break;
    kept.rows.delete(oldest);
  }
  return read.rows.length === ids.length;
}

/**
 * The rows (JSON) of a page's donations from the row cache; the missing ones are read with the
 * missing rows `around` it (the page's block of the list). A read in flight that holds a missing row
 * is awaited instead of read again (and asked for next, if it is a chunk of a list read whole); what
 * it did not bring up to date is read after. Null when a row is no longer there (the caller reads
 * the page from the database).
 */
async function rowsOf(app: FastifyInstance, campaignId: string, page: readonly string[], around: readonly string[], version: number): Promise<string[] | null> {
  const kept = mirrorsOf(app);
  const stamps = await stampsAt(app, campaignId, version);
  const valid = (id: string): boolean => {
    const row = kept.rows.get(id);
    return row !== undefined && row.version >= stamps.resetAt && row.version >= (stamps.donors.get(row.donorId) ?? 0);
  };
  let missing = page.filter((id) => !valid(id));
  kept.stats.rowHits += page.length - missing.length;
  kept.stats.rowMisses += missing.length;
  if (missing.length > 0) {
    const joined = new Set<RowFlight>();
    for (const id of missing) {
      const flight = kept.reading.get(id);
      if (flight) joined.add(flight);
    }
    if (joined.size > 0) {
      for (const flight of joined) flight.demand?.();
      // A failed read, or a row changed since the read began, is read again below by this request.
      await Promise.all([...joined].map((flight) => flight.done.catch(() => false)));
      missing = page.filter((id) => !valid(id));
    }
  }
  if (missing.length > 0) {
    const wanted = new Set(missing);
    const ids = [...missing, ...around.filter((id) => !wanted.has(id) && !kept.reading.has(id) && !valid(id))];
    const done = readRows(app, campaignId, ids);
    const flight: RowFlight = { done };
    for (const id of ids) kept.reading.set(id, flight);
    try {
      if (!(await done) && missing.some((id) => !valid(id))) return null;
    } finally {
      for (const id of ids) if (kept.reading.get(id) === flight) kept.reading.delete(id);
    }
  }
  const rows: string[] = [];
  for (const id of page) {
    const row = kept.rows.get(id);
    // Evicted by a larger read of this very page (a page larger than the cache), or gone: read by the caller.
    if (!row) return null;
    rows.push(row.json);
  }
  return rows;
}

/** The sorts a list of donations can be kept in memory by (no text collation: JavaScript orders them as PostgreSQL does). */
function mirrorableSort(sort: string): boolean {
  const { field } = parseSort(sort);
  return field === 'paying_date' || field === 'paid_amount_cents';
}

export interface MirroredPage {
  /** The rows as JSON. */
  rows: string[];
  total: number;
  totals: { paid_amount_cents: number; refunded_cents: number; net_cents: number };
}

/**
 * Rows [start, start + limit) of the list, its count and totals at `version` or later, from the list
 * kept in memory; null when the sort cannot be kept (by donor name: text collation) or a row went
 * away meanwhile (the caller reads the page from the database).
 */
export async function mirroredDonationPage(app: FastifyInstance, campaignId: string, filter: DonationListFilter, version: number): Promise<MirroredPage | null> {
  if (!mirrorableSort(filter.sort)) return null;
  const mirror = await mirrorAt(app, campaignId, filter, version);
  // Read together, before any await: an update changes the list in place.
  const { entries } = mirror;
  const start = (filter.page - 1) * filter.limit;
  const ids = entries.idsBetween(start, start + filter.limit);
  const block = Math.floor(start / READ_AHEAD) * READ_AHEAD;
  const around = entries.idsBetween(block, Math.max(block + READ_AHEAD, start + filter.limit));
  const seen = { version: mirror.version, total: entries.size, paid: entries.paid, refunded: entries.refunded };
  const rows = await rowsOf(app, campaignId, ids, around, seen.version);
  if (rows === null) return null;
  mirrorsOf(app).stats.pages += 1;
  return {
    rows,
    total: seen.total,
    totals: { paid_amount_cents: seen.paid, refunded_cents: seen.refunded, net_cents: seen.paid - seen.refunded },
  };
}
