/**
 * The database's change feed: one dedicated connection LISTENs on `cdt_changes`, where triggers
 * (migration 0010) announce every committed change of what the read caches hold:
 *   session:<id>   a session row changed (revoked, refreshed, deleted)
 *   user:<id>      a user row changed (blocked, made platform administrator, …)
 *   campaign:<id>  the campaign, its members or its roles changed
 *   book:<id>      the campaign's donor book changed (donor_book_versions bumped)
 *   all            reference data every campaign reads changed (election cycles)
 * Whoever writes (this instance, another one, a job, psql), the notification arrives after the commit.
 *
 * Caches built on it (topic-cache.ts) are only used while the feed is `ready`: before the first
 * LISTEN, and from a lost connection until it is back, every read goes to the database, and every
 * cache is emptied when the connection is lost or regained (a change in between may be unseen).
 *
 * `sync()` is the read-your-writes barrier: it sends a notification of its own and waits for it.
 * PostgreSQL delivers notifications in commit order, so once it arrives every change committed before
 * the call has been seen. The app runs it after each write request (plugins/change-feed.ts).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { TopicCache } from './topic-cache';

export const CHANGE_CHANNEL = 'cdt_changes';
const SYNC_PREFIX = 'sync:';
const SYNC_TIMEOUT_MS = 2_000;
const RECONNECT_MS = [100, 500, 2_000, 5_000];
/** How often an idle feed proves it still hears the database (a hung connection would keep stale caches). */
const HEARTBEAT_MS = 15_000;

export type TopicListener = (topic: string) => void;

export class ChangeFeed {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly topicListeners = new Set<TopicListener>();
  private readonly resetListeners = new Set<() => void>();
  private readonly pendingSyncs = new Map<string, () => void>();
  private readonly caches = new Map<string, TopicCache<unknown>>();
  /** True while LISTEN is established: caches may answer. */
  ready = false;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly pool: pg.Pool,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => undefined },
  ) {}

  /** Connects and LISTENs; resolves once ready (or once the first attempt failed: it keeps retrying). */
  async start(): Promise<void> {
    await this.open();
    this.heartbeatTimer = setInterval(() => void this.sync().catch(() => undefined), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.markDown();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** The named cache on this feed (created on first use, holding at most `maxEntries`). */
  cache<V>(name: string, maxEntries: number): TopicCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new TopicCache<unknown>(this, maxEntries);
      this.caches.set(name, cache);
    }
    return cache as TopicCache<V>;
  }

  /** Hits, misses and size of every named cache (metrics). */
  cacheStats(): Array<{ name: string; hits: number; misses: number; size: number }> {
    return [...this.caches].map(([name, cache]) => ({ name, hits: cache.hits, misses: cache.misses, size: cache.size }));
  }

  /** Called with each topic of a committed change. */
  onTopic(listener: TopicListener): () => void {
    this.topicListeners.add(listener);
    return () => this.topicListeners.delete(listener);
  }

  /** Called whenever changes may have been missed (connection lost or regained): forget everything. */
  onReset(listener: () => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /**
   * Resolves once every change committed before this call has been delivered (no-op while not
   * ready). When its own notification does not come back in time the connection is treated as lost:
   * caches off, reconnect.
   */
  async sync(): Promise<void> {
    if (!this.ready || !this.client) return;
    const client = this.client;
    const token = randomUUID();
    let arrivedAlready = false;
    let onArrival: () => void = () => {
      arrivedAlready = true;
    };
    this.pendingSyncs.set(token, () => onArrival());
    try {
      await this.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, SYNC_PREFIX + token]);
    } catch (error) {
      this.pendingSyncs.delete(token);
      this.emitReset(); // the database may be unreachable: what the caches hold can no longer be vouched for
      throw error;
    }
    if (arrivedAlready) return;
    // The clock starts once the notification is committed: time spent waiting for a pool connection
    // under load says nothing about the listening connection.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.pendingSyncs.delete(token);
        this.lost(client, new Error(`a notification did not come back within ${SYNC_TIMEOUT_MS} ms`));
        resolve();
      }, SYNC_TIMEOUT_MS);
      timer.unref();
      onArrival = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    const client = this.connect();
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) this.deliver(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client || this.stopped) return;
    this.attempt = 0;
    this.emitReset(); // anything cached before this connection may have missed a change
    this.ready = true;
  }

  private deliver(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      const token = payload.slice(SYNC_PREFIX.length);
      const done = this.pendingSyncs.get(token);
      this.pendingSyncs.delete(token);
      done?.();
      return;
    }
    if (payload === 'all') {
      this.emitReset();
      return;
    }
    for (const listener of this.topicListeners) listener(payload);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.markDown();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = RECONNECT_MS[Math.min(this.attempt, RECONNECT_MS.length - 1)];
    this.attempt += 1;
    this.log.warn({ err: error, retryInMs: delay }, 'change feed: connection lost; caches off until it is back');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open();
    }, delay);
    this.reconnectTimer.unref();
  }

  private markDown(): void {
    this.ready = false;
    this.emitReset();
    for (const done of this.pendingSyncs.values()) done();
    this.pendingSyncs.clear();
  }

  private emitReset(): void {
    for (const listener of this.resetListeners) listener();
  }
}
