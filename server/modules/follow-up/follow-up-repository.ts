import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { donorContacts, donors, pledges, users } from '../../db/schema';
import { donorSearchCondition } from '../donors/donor-list-repository';

export type ContactRecord = typeof donorContacts.$inferSelect;

export interface ContactWithCreator {
  contact: ContactRecord;
  creatorName: string | null;
}

export interface OpenPledge {
  id: string;
  commitmentDate: string;
  commitmentAmountCents: number;
  paidCents: number;
  instalments: { due_date: string; amount_cents: number }[];
}

export interface FollowUpRecord {
  donorId: string;
  name: string;
  donorPhone: string | null;
  donorEmail: string | null;
  openPledges: OpenPledge[];
  lastCallAt: Date | null;
  lastCallOutcome: string | null;
  nextCallDate: string | null;
  lastReminderAt: Date | null;
}

/**
 * Donors of the campaign with open pledges (not written off, something remaining), each with those
 * pledges, their last call (outcome, next call date) and last reminder: one query.
 */
export async function followUpDonors(db: Executor, campaignId: string, search: string | undefined): Promise<FollowUpRecord[]> {
  const open = db
    .select({
      donorId: pledges.donorId,
      openPledges: sql<OpenPledge[]>`json_agg(json_build_object(
        'id', ${pledges.id}, 'commitmentDate', ${pledges.commitmentDate}, 'commitmentAmountCents', ${pledges.commitmentAmountCents},
        'paidCents', ${pledges.paidCents}, 'instalments', ${pledges.instalments}))`.as('open_pledges'),
    })
    .from(pledges)
    .where(and(eq(pledges.campaignId, campaignId), sql`${pledges.writtenOffAt} is null`, sql`${pledges.paidCents} < ${pledges.commitmentAmountCents}`))
    .groupBy(pledges.donorId)
    .as('op');
  const lastCall = sql`(select c.id from ${donorContacts} c where c.donor_id = "donors"."id" and c.kind = 'call' order by c.created_at desc, c.id desc limit 1)`;
  const lastReminder = sql`(select max(c.created_at) from ${donorContacts} c where c.donor_id = "donors"."id" and c.kind = 'reminder')`;
  const rows = await db
    .select({
      donorId: donors.id,
      name: donors.name,
      donorPhone: donors.donorPhone,
      donorEmail: donors.donorEmail,
      openPledges: open.openPledges,
      lastCallId: sql<string | null>`${lastCall}`,
      lastReminderAt: sql<string | null>`to_char(${lastReminder} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(open)
    .innerJoin(donors, eq(donors.id, open.donorId))
    .where(and(eq(donors.campaignId, campaignId), donorSearchCondition(search)));
  const callIds = rows.map((r) => r.lastCallId).filter((id): id is string => id !== null);
  const calls = new Map<string, ContactRecord>();
  if (callIds.length > 0) {
    for (const call of await db.select().from(donorContacts).where(inArray(donorContacts.id, callIds))) calls.set(call.id, call);
  }
  return rows.map((r) => {
    const call = r.lastCallId ? calls.get(r.lastCallId) : undefined;
    return {
      donorId: r.donorId,
      name: r.name,
      donorPhone: r.donorPhone,
      donorEmail: r.donorEmail,
      openPledges: r.openPledges,
      lastCallAt: call?.createdAt ?? null,
      lastCallOutcome: call?.outcome ?? null,
      nextCallDate: call?.nextCallDate ?? null,
      lastReminderAt: r.lastReminderAt ? new Date(r.lastReminderAt) : null,
    };
  });
}

export async function insertContact(db: Executor, values: typeof donorContacts.$inferInsert): Promise<ContactRecord> {
  const [row] = await db.insert(donorContacts).values(values).returning();
  return row;
}

export async function findContact(db: Executor, campaignId: string, contactId: string): Promise<ContactWithCreator | null> {
  const [row] = await db
    .select({ contact: donorContacts, creatorName: users.name })
    .from(donorContacts)
    .leftJoin(users, eq(users.id, donorContacts.createdBy))
    .where(and(eq(donorContacts.campaignId, campaignId), eq(donorContacts.id, contactId)))
    .limit(1);
  return row ?? null;
}

/** Calls and reminders (of one donor or the whole campaign), newest first. */
export async function listContacts(db: Executor, campaignId: string, filter: { page: number; limit: number; donor_id?: string }): Promise<{ rows: ContactWithCreator[]; total: number }> {
  const where = and(eq(donorContacts.campaignId, campaignId), filter.donor_id ? eq(donorContacts.donorId, filter.donor_id) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ contact: donorContacts, creatorName: users.name })
      .from(donorContacts)
      .leftJoin(users, eq(users.id, donorContacts.createdBy))
      .where(where)
      .orderBy(desc(donorContacts.createdAt), desc(donorContacts.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(donorContacts).where(where),
  ]);
  return { rows, total };
}
