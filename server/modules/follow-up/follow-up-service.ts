/**
 * Follow-up: the donors who still owe on pledges with their next payment (domain nextPayment), last
 * call and last reminder; logged calls; reminders sent through the outbox (logged on the donor);
 * a donor's next payment.
 */
import { pledgeLinkUrl } from '../payments/pledge-link-token';
import type { FastifyInstance } from 'fastify';
import type { FollowUpCallListData, FollowUpCallRow, FollowUpListData, FollowUpRow, NextPayment } from '../../../domain/donor-book/follow-up-contract';
import type { CallOutcome, NotificationChannel } from '../../../domain/donor-book/enums';
import { pledgeRemainingCents } from '../../../domain/donor-book/pledges';
import { addDays, isoDay } from '../../../domain/dates';
import { parseSort } from '../../../domain/validation/fields';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { auditBook } from '../book/book-audit';
import { loadBookCampaign } from '../book/book-campaign';
import { findDonor } from '../donors/donor-repository';
import { donorNotFound } from '../donors/donor-service';
import { findContact, followUpDonors, insertContact, listContacts, type ContactWithCreator, type FollowUpRecord } from './follow-up-repository';
import { textOrNull } from '../donors/normalize';
import { pledgesOfDonor } from '../pledges/pledge-repository';
import { donorNextPayment, pledgeAmountsOf, type PledgeScheduleFields } from '../pledges/pledge-view';
import { reminderMessage } from './reminder-message';

export type FollowUpDue = 'overdue' | 'this_week' | 'all';

function toCallRow({ contact, creatorName }: ContactWithCreator): FollowUpCallRow {
  return {
    call_id: contact.id,
    donor_id: contact.donorId,
    kind: contact.kind as 'call' | 'reminder',
    outcome: (contact.outcome as CallOutcome | null) ?? null,
    channel: (contact.channel as NotificationChannel | null) ?? null,
    note: contact.note,
    next_call_date: contact.nextCallDate,
    created_at: contact.createdAt.toISOString(),
    created_by: contact.createdBy ? { user_id: contact.createdBy, name: creatorName ?? '' } : null,
  };
}

function toFollowUpRow(record: FollowUpRecord, today: string): FollowUpRow {
  const open: PledgeScheduleFields[] = record.openPledges.map((p) => ({ ...p, writtenOffAt: null }));
  const next = donorNextPayment(open, today);
  return {
    donor_id: record.donorId,
    donor_name: record.name,
    donor_phone: record.donorPhone,
    donor_email: record.donorEmail,
    pledged_cents: open.reduce((sum, p) => sum + p.commitmentAmountCents, 0),
    paid_cents: open.reduce((sum, p) => sum + p.paidCents, 0),
    remaining_cents: open.reduce((sum, p) => sum + pledgeRemainingCents(pledgeAmountsOf(p)), 0),
    next_payment_date: next?.next_payment_date ?? null,
    next_payment_amount_cents: next?.amount_due_cents ?? null,
    last_call_at: record.lastCallAt?.toISOString() ?? null,
    last_call_outcome: (record.lastCallOutcome as CallOutcome | null) ?? null,
    next_call_date: record.nextCallDate,
    last_reminder_at: record.lastReminderAt?.toISOString() ?? null,
  };
}

/** Ascending with nulls last (undated payments and calls at the end either way). */
function compareNullable(a: string | number | null, b: string | number | null, sign: number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -sign : sign;
}

/**
 * follow_up_list. due: overdue = the next payment is before today; this_week = it falls within the
 * next 7 days or is overdue (who to call this week); all = every donor who still owes. "Today" is the
 * app clock's day (UTC).
 */
export async function followUpList(
  app: FastifyInstance,
  ctx: CampaignContext,
  filter: { page: number; limit: number; sort: string; search?: string; due?: FollowUpDue },
): Promise<FollowUpListData> {
  const today = isoDay(app.clock.now());
  const weekEnd = addDays(today, 6);
  let rows = (await followUpDonors(app.db, ctx.id, filter.search)).map((r) => toFollowUpRow(r, today));
  if (filter.due === 'overdue') rows = rows.filter((r) => r.next_payment_date !== null && r.next_payment_date < today);
  if (filter.due === 'this_week') rows = rows.filter((r) => r.next_payment_date !== null && r.next_payment_date <= weekEnd);
  const { field, descending } = parseSort(filter.sort);
  const sign = descending ? -1 : 1;
  const byName = (a: FollowUpRow, b: FollowUpRow) => a.donor_name.toLowerCase().localeCompare(b.donor_name.toLowerCase()) || (a.donor_id < b.donor_id ? -1 : 1);
  rows.sort((a, b) => {
    let order = 0;
    if (field === 'remaining_cents') order = sign * (a.remaining_cents - b.remaining_cents);
    else if (field === 'next_call_date') order = compareNullable(a.next_call_date, b.next_call_date, sign);
    else if (field === 'next_payment_date') order = compareNullable(a.next_payment_date, b.next_payment_date, sign);
    else return sign * byName(a, b);
    return order || byName(a, b);
  });
  const start = (filter.page - 1) * filter.limit;
  return {
    follow_up_list: rows.slice(start, start + filter.limit),
    total: rows.length,
    page: filter.page,
    limit: filter.limit,
    totals: { remaining_cents: rows.reduce((sum, r) => sum + r.remaining_cents, 0) },
  };
}

export async function addFollowUpCall(
  app: FastifyInstance,
  ctx: CampaignContext,
  auth: AuthUser,
  input: { donor_id: string; outcome: string; note?: string | null; next_call_date?: string | null },
): Promise<FollowUpCallRow> {
  const donorId = input.donor_id.toLowerCase();
  if (!(await findDonor(app.db, ctx.id, donorId))) throw donorNotFound();
  const now = app.clock.now();
  const contact = await app.db.transaction(async (tx) => {
    const contact = await insertContact(tx, {
      campaignId: ctx.id,
      donorId,
      kind: 'call',
      outcome: input.outcome,
      note: textOrNull(input.note),
      nextCallDate: textOrNull(input.next_call_date),
      createdBy: auth.id,
      createdAt: now,
    });
    const after = { call_id: contact.id, donor_id: donorId, outcome: contact.outcome, note: contact.note, next_call_date: contact.nextCallDate };
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'follow_up.call_logged', entity: 'follow_up_call', entityId: contact.id, before: null, after }, now);
    return contact;
  });
  return toCallRow((await findContact(app.db, ctx.id, contact.id))!);
}

export async function listFollowUpCalls(app: FastifyInstance, ctx: CampaignContext, filter: { page: number; limit: number; donor_id?: string }): Promise<FollowUpCallListData> {
  const { rows, total } = await listContacts(app.db, ctx.id, filter);
  return { follow_up_call_list: rows.map(toCallRow), total, page: filter.page, limit: filter.limit };
}

export async function nextPaymentOf(app: FastifyInstance, ctx: CampaignContext, donorId: string): Promise<NextPayment | null> {
  if (!(await findDonor(app.db, ctx.id, donorId))) throw donorNotFound();
  return donorNextPayment(await pledgesOfDonor(app.db, ctx.id, donorId), isoDay(app.clock.now()));
}

/**
 * send_notification: a reminder by e-mail or text with what remains, the next payment and the
 * campaign's public link (at `origin`, plugins/link-origin.ts), through the outbox; logged on the donor as a 'reminder' contact.
 * 422 DONOR_NO_CONTACT when the donor has no address for the channel.
 */
export async function sendReminder(
  app: FastifyInstance,
  ctx: CampaignContext,
  auth: AuthUser,
  input: { donor_id: string; channel: NotificationChannel; message?: string | null },
  origin: string,
): Promise<FollowUpCallRow> {
  const donorId = input.donor_id.toLowerCase();
  const [campaign, donor] = await Promise.all([loadBookCampaign(app.db, ctx.id), findDonor(app.db, ctx.id, donorId)]);
  if (!donor) throw donorNotFound();
  const recipient = input.channel === 'email' ? donor.donorEmail : donor.donorPhone;
  if (!recipient) throw fail(422, 'DONOR_NO_CONTACT', { channel: input.channel });
  const pledges = await pledgesOfDonor(app.db, ctx.id, donorId);
  const today = isoDay(app.clock.now());
  const next = donorNextPayment(pledges, today);
  const personalMessage = textOrNull(input.message);
  // The link pays one pledge: the one whose payment is next, else the first with money still open.
  const open = pledges.filter((p) => !p.writtenOffAt && pledgeRemainingCents(pledgeAmountsOf(p)) > 0);
  const linked = open.find((p) => p.id === next?.pledge_id) ?? open[0];
  const publicLink = linked ? await pledgeLinkUrl(app, ctx.id, linked.id, origin) : `${origin}/${campaign.slug}`;
  const outboxId = await app.outbox.send(
    reminderMessage({
      channel: input.channel,
      recipient,
      donorName: donor.name,
      campaignName: campaign.campaignName,
      publicLink,
      remainingCents: pledges.reduce((sum, p) => sum + pledgeRemainingCents(pledgeAmountsOf(p)), 0),
      nextPaymentDate: next?.next_payment_date ?? null,
      nextPaymentCents: next?.amount_due_cents ?? null,
      personalMessage,
    }),
  );
  const now = app.clock.now();
  const contact = await app.db.transaction(async (tx) => {
    const contact = await insertContact(tx, { campaignId: ctx.id, donorId, kind: 'reminder', channel: input.channel, note: personalMessage, outboxId, createdBy: auth.id, createdAt: now });
    const after = { call_id: contact.id, donor_id: donorId, channel: input.channel, outbox_id: outboxId, note: personalMessage };
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'follow_up.reminder_sent', entity: 'reminder', entityId: contact.id, before: null, after }, now);
    return contact;
  });
  app.log.info({ campaignId: ctx.id, donorId, channel: input.channel, outboxId }, 'reminder sent');
  return toCallRow((await findContact(app.db, ctx.id, contact.id))!);
}
