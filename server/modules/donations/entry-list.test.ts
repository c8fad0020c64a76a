/** The typed-array list keeps the order, count and sums that sorting the same entries from scratch gives. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EntryList } from './entry-list';
import type { DonationListEntry } from './repository';

const DONORS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'];

const entry = fc.record({
  // Few keys and ids with shared prefixes: ties on the key, ids compared character by character.
  key: fc.integer({ min: 19_000, max: 19_006 }),
  id: fc.stringMatching(/^[0-9a-f]{1,3}$/),
  donorId: fc.constantFrom(...DONORS),
  paid: fc.integer({ min: 1, max: 100_000 }),
  refunded: fc.integer({ min: 0, max: 100 }),
});

const op = fc.oneof(
  fc.record({ insert: entry }),
  fc.record({ remove: fc.uniqueArray(fc.constantFrom(...DONORS, 'never-seen'), { minLength: 1, maxLength: 3 }) }),
);

function sorted(entries: readonly DonationListEntry[], descending: boolean): DonationListEntry[] {
  const ascending = [...entries].sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return descending ? ascending.reverse() : ascending;
}

describe('EntryList', () => {
  it('after any inserts and removals: the order, count and sums of the entries sorted from scratch', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 40 }), fc.array(op, { maxLength: 40 }), (descending, initial, ops) => {
        const list = EntryList.of(sorted(initial, descending), descending);
        let model = [...initial];
        for (const step of ops) {
          if ('insert' in step) {
            if (model.some((e) => e.id === step.insert.id)) continue; // ids are unique in a list
            list.insert(step.insert);
            model.push(step.insert);
          } else {
            list.removeDonors(step.remove);
            model = model.filter((e) => !step.remove.includes(e.donorId));
          }
          const expected = sorted(model, descending);
          expect(list.size).toBe(expected.length);
          expect(list.idsBetween(0, list.size + 5)).toEqual(expected.map((e) => e.id));
          expect(list.paid).toBe(expected.reduce((sum, e) => sum + e.paid, 0));
          expect(list.refunded).toBe(expected.reduce((sum, e) => sum + e.refunded, 0));
        }
        const expected = sorted(model, descending);
        expect(list.idsBetween(2, 5)).toEqual(expected.slice(2, 5).map((e) => e.id));
      }),
      { numRuns: 500, seed: 20_261_127 },
    );
  });
});
