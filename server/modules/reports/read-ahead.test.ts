import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

/** A source of `count` chunks of `size` bytes that records how far it was read and whether it ended. */
function source(count: number, size: number, failAt: number | null = null) {
  const seen = { pulled: 0, ended: false };
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error('connection lost');
        await new Promise((resolve) => setImmediate(resolve));
        seen.pulled += 1;
        yield Buffer.alloc(size, i % 256);
      }
    } finally {
      seen.ended = true;
    }
  }
  return { chunks: chunks(), seen };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Waits (up to 5 s) until `done()` holds: no fixed pause that a loaded machine could outrun. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

describe('readAhead', () => {
  it('reads ahead before anyone asks, then hands every chunk in order', async () => {
    const { chunks, seen } = source(10, 100);
    const ahead = readAhead(chunks, 10_000);
    await until(() => seen.pulled === 10);
    const got: number[] = [];
    for await (const chunk of ahead.chunks()) got.push(chunk[0]!);
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen.ended).toBe(true);
  });

  it('keeps at most maxBytes ahead of its reader', async () => {
    const { chunks, seen } = source(100, 100);
    const ahead = readAhead(chunks, 300);
    await until(() => seen.pulled === 3);
    await settle();
    expect(seen.pulled).toBe(3); // and no further while nobody reads
    const reader = ahead.chunks();
    await reader.next();
    await until(() => seen.pulled === 4);
    await settle();
    expect(seen.pulled).toBe(4);
    let rest = 0;
    for await (const chunk of reader) rest += chunk.length > 0 ? 1 : 0;
    expect(rest).toBe(99);
  });

  it("hands the source's failure to the reader after the chunks read before it", async () => {
    const { chunks } = source(10, 100, 4);
    const ahead = readAhead(chunks, 10_000);
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const chunk of ahead.chunks()) got.push(chunk[0]!);
      })(),
    ).rejects.toThrow('connection lost');
    expect(got).toEqual([0, 1, 2, 3]);
  });

  it('close() ends the source when nobody reads it (its connection goes back to the pool)', async () => {
    const { chunks, seen } = source(100, 100);
    const ahead = readAhead(chunks, 300);
    await until(() => seen.pulled === 3);
    await ahead.close();
    expect(seen.ended).toBe(true);
    expect(seen.pulled).toBeLessThan(100);
  });

  it('a reader that stops early ends the source too', async () => {
    const { chunks, seen } = source(100, 100);
    const ahead = readAhead(chunks, 300);
    for await (const chunk of ahead.chunks()) {
      void chunk;
      break;
    }
    expect(seen.ended).toBe(true);
  });
});
