/**
 * A bounded in-memory cache of database reads, each entry tagged with the change-feed topics that
 * make it stale (change-feed.ts). An entry is dropped as soon as one of its topics is announced; a
 * read that overlapped any announcement is answered but not kept (it may predate the change). While
 * the feed is not ready every call reads the database.
 *
 *   const sessions = new TopicCache<SessionAuth | null>(feed, 10_000);
 *   const row = await sessions.get(sessionId, [`session:${sessionId}`], () => findSessionAuth(db, sessionId));
 */
import type { ChangeFeed } from './change-feed';

interface Entry<V> {
  value: V;
  topics: readonly string[];
}

export class TopicCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTopic = new Map<string, Set<string>>();
  /** Bumped by every announcement and reset: a read that saw it change is not stored. */
  private epoch = 0;
  /** Reads under way, with the epoch they started in: misses of the same key in the same epoch share one. */
  private readonly pending = new Map<string, { epoch: number; promise: Promise<V> }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries: number,
  ) {
    feed.onTopic((topic) => this.invalidate(topic));
    feed.onReset(() => this.clear());
  }

  /** Answers from memory: a kept entry, or a read under way for the same key (metrics). */
  hits = 0;
  /** Answers that read the database (the feed not ready included). */
  misses = 0;

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, topics: readonly string[], load: () => Promise<V>): Promise<V> {
    if (!this.feed.ready) {
      this.misses += 1;
      return load();
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.hits += 1;
      // Most recently used last (Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const under = this.pending.get(key);
    if (under && under.epoch === this.epoch) {
      this.hits += 1;
      return under.promise;
    }
    this.misses += 1;
    const epoch = this.epoch;
    const promise = load();
    this.pending.set(key, { epoch, promise });
    try {
      const value = await promise;
      if (epoch === this.epoch && this.feed.ready) this.store(key, { value, topics });
      return value;
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }

  private store(key: string, entry: Entry<V>): void {
    this.remove(key);
    this.entries.set(key, entry);
    for (const topic of entry.topics) {
      let keys = this.keysByTopic.get(topic);
      if (!keys) {
        keys = new Set();
        this.keysByTopic.set(topic, keys);
      }
      keys.add(key);
    }
    if (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const topic of entry.topics) {
      const keys = this.keysByTopic.get(topic);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTopic.delete(topic);
    }
  }

  private invalidate(topic: string): void {
    this.epoch += 1;
    const keys = this.keysByTopic.get(topic);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  private clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.keysByTopic.clear();
  }
}
