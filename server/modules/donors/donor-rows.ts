/** Donor rows with their figures (limit and match from the compliance engine). */
import type { DonorRow } from '../../../domain/donor-book/donors-contract';
import type { Executor } from '../../db/executor';
import type { BookCampaign } from '../book/book-campaign';
import { figuresOf } from './donor-figures';
import type { DonorPageItem } from './donor-list-repository';
import { donorExtras, giftsToContributions, type DonorRecord } from './donor-repository';
import { toDonorRow } from './donor-view';

/** A page of list_donor (tags and cycle donations came with it). */
export function donorRowsOfPage(campaign: BookCampaign, items: DonorPageItem[]): DonorRow[] {
  return items.map((item) => toDonorRow(item.donor, figuresOf(campaign, item.donor, giftsToContributions(item.gifts)).figures, item.tags));
}

/** Donor rows of some donors: their tags and cycle donations in one query, not one per donor. */
export async function donorRowsOf(db: Executor, campaign: BookCampaign, records: DonorRecord[]): Promise<DonorRow[]> {
  const extras = await donorExtras(db, campaign.id, records.map((r) => r.id), campaign.cycle);
  return records.map((record) => {
    const extra = extras.get(record.id);
    return toDonorRow(record, figuresOf(campaign, record, extra?.contributions ?? []).figures, extra?.tags ?? []);
  });
}
