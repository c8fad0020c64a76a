import type pg from 'pg';

/**
 * One worker at a time per piece of long work (an upload, a report file): a PostgreSQL advisory lock
 * on a connection of its own, held for as long as the work runs. A process that dies (kill -9, a
 * crash, a deploy) loses its connection and so the lock, which is how the recovery sweeps of the
 * import and report jobs tell abandoned work from work under way on another instance.
 * Answers the release, or null when another worker holds the lock.
 */
export async function takeWorkLock(pool: pg.Pool, key: string): Promise<(() => Promise<void>) | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [key]);
    if (!rows[0]?.locked) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      client.release();
    } catch (error) {
      client.release(error as Error);
    }
  };
}
