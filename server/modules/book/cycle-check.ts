/**
 * Gifts and pledges dated outside the campaign's election cycle: refused with 422
 * OUTSIDE_ELECTION_CYCLE (naming the cycle the date counts toward) unless the request confirms it;
 * once confirmed they are saved with an OUTSIDE_CYCLE warning. They count toward the all-time
 * figures, not this cycle's limit or match (rule '<rule set>.cycle.outside').
 */
import type { ComplianceWarning } from '../../../domain/compliance/types';
import { formatDisplayDate } from '../../../domain/package-expiry';
import type { Executor } from '../../db/executor';
import { fail } from '../../plugins/errors';
import { inCycle, type BookCampaign } from './book-campaign';
import { findCycleContaining } from './book-campaign-repository';

/** `previousDate`: the date before an edit (an unchanged date was confirmed when it was recorded). */
export async function checkCycle(
  db: Executor,
  campaign: BookCampaign,
  date: string,
  confirmed: boolean | undefined,
  previousDate: string | null = null,
): Promise<ComplianceWarning[]> {
  const cycle = campaign.cycle;
  if (!cycle || inCycle(cycle, date)) return [];
  const other = await findCycleContaining(db, campaign.compliance.office_sought, date);
  if (!confirmed && date !== previousDate) {
    throw fail(422, 'OUTSIDE_ELECTION_CYCLE', { date, cycle: cycle.value, cycle_start: cycle.start, cycle_end: cycle.end, counts_toward: other?.value ?? null });
  }
  const toward = other ? `it counts toward the ${other.value} cycle` : 'no election cycle covers it';
  return [
    {
      code: 'OUTSIDE_CYCLE',
      rule: `${campaign.compliance.rule_set}.cycle.outside`,
      message: `Dated ${formatDisplayDate(new Date(`${date}T00:00:00Z`))}, outside the campaign's ${cycle.value} cycle: ${toward}, not toward this cycle's limit or match.`,
    },
  ];
}
