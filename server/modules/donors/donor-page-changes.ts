/**
 * What survives some writes in list_donor's caches (list-cache.ts and page-boundary-cache.ts
 * `survives`): every write since must be a logged change (book-changes.ts) that cannot move a donor
 * into, out of or within the list. A donor's gifts, pledges and refunds ('figures') move the donors
 * only in lists sorted or filtered by their figures (paid, outstanding, last donation, balance,
 * cycle); tags and notes only in a list filtered by a tag; a donor's own fields (its name, type,
 * eligibility, …) in any list. Then the list's order and its page
 * boundaries are as they were, and so is each page whose donors the writes did not touch.
 */
import type { DonorRow } from '../../../domain/donor-book/donors-contract';
import { parseSort } from '../../../domain/validation/fields';
import type { BookChange } from '../book/book-version-repository';
import type { DonorListFilter } from './donor-list-repository';

const FIGURE_SORTS: ReadonlySet<string> = new Set(['paid_cents', 'outstanding_cents', 'last_donation_date']);

/** The list holds the same donors in the same order after these changes. */
export function donorListKeepsOrder(filter: DonorListFilter, changes: readonly BookChange[] | null): changes is readonly BookChange[] {
  if (changes === null) return false;
  const figuresMoveRows = FIGURE_SORTS.has(parseSort(filter.sort).field) || Boolean(filter.balance) || Boolean(filter.cycle);
  const tagsMoveRows = Boolean(filter.tag?.trim());
  const moves: Record<BookChange['kind'], boolean> = { figures: figuresMoveRows, tags: tagsMoveRows, donor: true };
  return changes.every((change) => !moves[change.kind]);
}

/** A page of the list is the same after these changes. */
export function donorPageSurvives(filter: DonorListFilter, rows: readonly DonorRow[], changes: readonly BookChange[] | null): boolean {
  if (!donorListKeepsOrder(filter, changes)) return false;
  const onPage = new Set(rows.map((row) => row.donor_id));
  return changes.every((change) => !change.donorIds.some((id) => onPage.has(id)));
}
