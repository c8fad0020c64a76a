/**
 * A lock shared by every tab of the SPA, so only one tab at a time spends the (single-use)
 * refresh token. Web Locks API when available; otherwise a lease in localStorage.
 */

export const REFRESH_LOCK_NAME = 'cdt-refresh';
export const LEASE_KEY = 'cdt.refreshLease';

/** A lease older than this is considered abandoned (its tab died mid-refresh). */
export const LEASE_TTL_MS = 10_000;
const POLL_MS = 25;
/** Time for a competing writer's lease to land before we trust that ours won. */
const SETTLE_MS = 15;

interface Lease {
  owner: string;
  expires: number;
}

function readLease(): Lease | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null');
    if (value && typeof value === 'object' && typeof (value as Lease).owner === 'string' && typeof (value as Lease).expires === 'number') {
      return value as Lease;
    }
  } catch {
    // A corrupt lease is treated as free.
  }
  return null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomOwner(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Waits for a free (or expired) lease, writes ours, and confirms nobody overwrote it. */
async function acquireLease(owner: string): Promise<void> {
  for (;;) {
    // No storage (the page is gone): there is no other tab to coordinate with.
    if (typeof localStorage === 'undefined') return;
    const current = readLease();
    if (!current || current.expires <= Date.now()) {
      localStorage.setItem(LEASE_KEY, JSON.stringify({ owner, expires: Date.now() + LEASE_TTL_MS }));
      await sleep(SETTLE_MS);
      if (readLease()?.owner === owner) return;
    }
    await sleep(POLL_MS);
  }
}

function releaseLease(owner: string): void {
  if (typeof localStorage !== 'undefined' && readLease()?.owner === owner) localStorage.removeItem(LEASE_KEY);
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Runs `task` while holding the cross-tab refresh lock. */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks) return locks.request(REFRESH_LOCK_NAME, task);
  const owner = randomOwner();
  await acquireLease(owner);
  try {
    return await task();
  } finally {
    releaseLease(owner);
  }
}
