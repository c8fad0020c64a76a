import { LEASE_KEY, LEASE_TTL_MS, withRefreshLock } from './refresh-lock';

describe('withRefreshLock (localStorage lease)', () => {
  it('runs tasks one at a time and releases the lease', async () => {
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, 30));
      events.push(`${name}:end`);
      return name;
    };
    const results = await Promise.all([withRefreshLock(task('a')), withRefreshLock(task('b'))]);
    expect(results).toEqual(['a', 'b']);
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(`${events[0].split(':')[0]}:end`);
    expect(localStorage.getItem(LEASE_KEY)).toBeNull();
  });

  it('releases the lease when the task fails', async () => {
    await expect(withRefreshLock(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(localStorage.getItem(LEASE_KEY)).toBeNull();
  });

  it('waits for a lease held by another tab, and takes over an expired one', async () => {
    localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: 'other-tab', expires: Date.now() + 80 }));
    const started = Date.now();
    await withRefreshLock(async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(LEASE_TTL_MS).toBe(10_000);
  });
});
