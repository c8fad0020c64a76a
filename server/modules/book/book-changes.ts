/**
 * What the book's recent versions changed (donor_book_changes, migration 0023), kept per app instance
 * so that a cached list page can check the writes made since it was computed without a query each
 * time: each version of a campaign is read from the database once, by the first request that needs
 * it (requests that need the same versions at once share the read).
 */
import type { FastifyInstance } from 'fastify';
import { findBookChanges, type BookChange } from './book-version-repository';
import { appKey } from '../list-cache/list-cache';

/** Versions kept per campaign, and the furthest a cached value is carried forward. */
const KEPT_VERSIONS = 256;
const MAX_CAMPAIGNS = 1_000;
/** Donor ids kept over all campaigns (~50 bytes each): the least recently used campaigns go first. */
const MAX_DONOR_IDS = 200_000;

interface AppLog {
  /** Per campaign, most recently used last: each version read, with its change or null (anything changed). */
  campaigns: Map<string, Map<number, BookChange | null>>;
  inflight: Map<string, Promise<void>>;
  /** Donor ids held by `campaigns`. */
  ids: number;
}

const idsOf = (known: Map<number, BookChange | null>) => [...known.values()].reduce((sum, change) => sum + (change?.donorIds.length ?? 0), 0);

const logs = new WeakMap<object, AppLog>();

function logOf(app: FastifyInstance): AppLog {
  let log = logs.get(appKey(app));
  if (!log) {
    const created: AppLog = { campaigns: new Map(), inflight: new Map(), ids: 0 };
    // Changes may have been missed, or the database restored: read every version again.
    app.changes.onReset(() => {
      created.campaigns.clear();
      created.ids = 0;
    });
    logs.set(appKey(app), created);
    log = created;
  }
  return log;
}

function firstUnknown(known: Map<number, BookChange | null> | undefined, from: number, to: number): number | null {
  for (let version = from + 1; version <= to; version++) if (!known?.has(version)) return version;
  return null;
}

async function load(app: FastifyInstance, log: AppLog, campaignId: string, after: number, upTo: number): Promise<void> {
  const rows = await findBookChanges(app.db, campaignId, after, upTo);
  const byVersion = new Map(rows.map((row) => [row.version, row]));
  const known = log.campaigns.get(campaignId) ?? new Map<number, BookChange | null>();
  log.ids -= idsOf(known);
  for (let version = after + 1; version <= upTo; version++) known.set(version, byVersion.get(version) ?? null);
  for (const version of known.keys()) if (version <= upTo - KEPT_VERSIONS) known.delete(version);
  log.ids += idsOf(known);
  log.campaigns.delete(campaignId);
  log.campaigns.set(campaignId, known);
  // The least recently used campaigns out (never the one just read).
  for (const [oldest, versions] of log.campaigns) {
    if (oldest === campaignId || (log.campaigns.size <= MAX_CAMPAIGNS && log.ids <= MAX_DONOR_IDS)) break;
    log.campaigns.delete(oldest);
    log.ids -= idsOf(versions);
  }
}

/**
 * The changes of the campaign's versions (from, to], in order; null when one of them was not logged
 * (it may have changed anything) or they are too many to check.
 */
export async function changesBetween(app: FastifyInstance, campaignId: string, from: number, to: number): Promise<BookChange[] | null> {
  if (to <= from) return [];
  if (to - from > KEPT_VERSIONS) return null;
  const log = logOf(app);
  const unknown = firstUnknown(log.campaigns.get(campaignId), from, to);
  if (unknown !== null) {
    const key = `${campaignId}|${unknown}|${to}`;
    let flight = log.inflight.get(key);
    if (!flight) {
      flight = load(app, log, campaignId, unknown - 1, to);
      log.inflight.set(key, flight);
      void flight.then(
        () => log.inflight.delete(key),
        () => log.inflight.delete(key),
      );
    }
    await flight;
  }
  const known = log.campaigns.get(campaignId);
  const changes: BookChange[] = [];
  for (let version = from + 1; version <= to; version++) {
    const change = known?.get(version);
    if (!change) return null;
    changes.push(change);
  }
  return changes;
}
