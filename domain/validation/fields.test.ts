import { describe, expect, it } from 'vitest';
import { parseSort } from './fields';

describe('list query fields', () => {
  it('parseSort', () => {
    expect(parseSort('-name')).toEqual({ field: 'name', descending: true });
  });
});
