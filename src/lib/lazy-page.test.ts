import { loadWithTimeout } from './lazy-page';

describe('loadWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('waits at least the minimum delay', async () => {
    vi.useFakeTimers();
    let done = false;
    const promise = loadWithTimeout(() => Promise.resolve({ default: 1 }), 300, 120_000).then((m) => {
      done = true;
      return m;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual({ default: 1 });
  });

  it('rejects when the chunk does not load within the timeout', async () => {
    vi.useFakeTimers();
    const promise = loadWithTimeout(() => new Promise<never>(() => {}), 300, 120_000);
    const assertion = expect(promise).rejects.toThrow(/120000 ms/);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});
