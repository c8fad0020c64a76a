/**
 * Starts reading a stream of chunks now and keeps up to `maxBytes` of it ahead of its reader: the
 * CSV of a report is copied out of PostgreSQL while the report's totals are still being summed on
 * another connection, instead of after them. `close()` stops reading and ends the source (its
 * connection goes back to the pool) whether or not the chunks were read.
 */
export interface ReadAhead {
  chunks: () => AsyncGenerator<Buffer>;
  close: () => Promise<void>;
}

export function readAhead(source: AsyncIterable<Buffer>, maxBytes: number): ReadAhead {
  const iterator = source[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  let closed = false;
  let failure: { error: unknown } | null = null;
  let wakeReader: (() => void) | null = null;
  let wakeWriter: (() => void) | null = null;
  const wake = (which: 'reader' | 'writer') => {
    const resolve = which === 'reader' ? wakeReader : wakeWriter;
    if (which === 'reader') wakeReader = null;
    else wakeWriter = null;
    resolve?.();
  };

  const pumping = (async () => {
    try {
      while (!closed) {
        if (bytes >= maxBytes) {
          await new Promise<void>((resolve) => (wakeWriter = resolve));
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        buffered.push(next.value);
        bytes += next.value.length;
        wake('reader');
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      wake('reader');
    }
  })();

  const close = async () => {
    if (closed) return;
    closed = true;
    wake('writer');
    await pumping;
    buffered.length = 0;
    await iterator.return?.(undefined);
  };

  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        const chunk = buffered.shift();
        if (chunk) {
          bytes -= chunk.length;
          wake('writer');
          yield chunk;
          continue;
        }
        if (failure) throw (failure as { error: unknown }).error;
        if (ended) return;
        await new Promise<void>((resolve) => (wakeReader = resolve));
      }
    } finally {
      await close();
    }
  }

  return { chunks, close };
}
