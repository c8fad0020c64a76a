import { describe, expect, it } from 'vitest';
import { parseRange } from './private-range';

describe('parseRange (one byte range of a Range header)', () => {
  it('reads a-b, a- and -n, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange(' Bytes = 1 - 2 ', 1000)).toEqual({ start: 1, end: 2 });
  });

  it('a start past the end (or an empty suffix) is unsatisfiable; anything else it cannot serve means the whole file', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
    expect(parseRange('bytes=9-3', 1000)).toBeNull();
    expect(parseRange(`bytes=0-${'9'.repeat(400)}`, 1000)).toEqual({ start: 0, end: 999 });
  });
});
