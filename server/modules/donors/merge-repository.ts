import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { donations, donorContacts, donorMetadata, pledges } from '../../db/schema';

export interface MovedCounts {
  pledges: number;
  donations: number;
  contacts: number;
  notes: number;
  tags: number;
}

/**
 * Moves everything of donor `fromId` to donor `toId` (same campaign): pledges, donations, calls and
 * reminders, notes, and the tags the survivor does not have yet (case-insensitively). The tags left
 * behind go with the duplicate when it is deleted.
 */
export async function moveDonorRecords(tx: Executor, campaignId: string, fromId: string, toId: string): Promise<MovedCounts> {
  const movedPledges = await tx
    .update(pledges)
    .set({ donorId: toId })
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.donorId, fromId)))
    .returning({ id: pledges.id });
  const movedDonations = await tx
    .update(donations)
    .set({ donorId: toId })
    .where(and(eq(donations.campaignId, campaignId), eq(donations.donorId, fromId)))
    .returning({ id: donations.id });
  const movedContacts = await tx
    .update(donorContacts)
    .set({ donorId: toId })
    .where(and(eq(donorContacts.campaignId, campaignId), eq(donorContacts.donorId, fromId)))
    .returning({ id: donorContacts.id });
  const movedNotes = await tx
    .update(donorMetadata)
    .set({ donorId: toId })
    .where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.donorId, fromId), eq(donorMetadata.kind, 'note')))
    .returning({ id: donorMetadata.id });
  const movedTags = await tx
    .update(donorMetadata)
    .set({ donorId: toId })
    .where(
      and(
        eq(donorMetadata.campaignId, campaignId),
        eq(donorMetadata.donorId, fromId),
        eq(donorMetadata.kind, 'tag'),
        sql`lower(${donorMetadata.value}) not in (select lower(m.value) from ${donorMetadata} m where m.donor_id = ${toId} and m.kind = 'tag')`,
      ),
    )
    .returning({ id: donorMetadata.id });
  return { pledges: movedPledges.length, donations: movedDonations.length, contacts: movedContacts.length, notes: movedNotes.length, tags: movedTags.length };
}
