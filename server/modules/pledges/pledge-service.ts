/**
 * Pledges: add (checked against the donor's limit), edit (never below what was paid), write off,
 * delete (only without donations against it), the pledges-receivable list. Every write locks the
 * donor first, then the pledge (the order donation writes use too).
 */
import type { FastifyInstance } from 'fastify';
import type { PledgeListData, PledgeRow } from '../../../domain/donor-book/pledges-contract';
import { pledgeRemainingCents } from '../../../domain/donor-book/pledges';
import { isoDay } from '../../../domain/dates';
import type { Tx } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { assertKeyUnused, keepKey, onceForKey, type RequestKey } from '../../plugins/request-key';
import { auditBook } from '../book/book-audit';
import { inCycle, loadBookCampaign } from '../book/book-campaign';
import { assertContributionAllowed } from '../book/contribution-check';
import { checkCycle } from '../book/cycle-check';
import { lockDonor, type DonorRecord } from '../donors/donor-repository';
import { donorNotFound } from '../donors/donor-service';
import { readBookVersion } from '../book/book-reads';
import { cachedListFigure, filterKey } from '../list-cache/list-cache';
import { textOrNull } from '../donors/normalize';
import {
  deletePledgeRow,
  findPledge,
  insertPledge,
  listPledgeRows,
  lockPledge,
  pledgeHasDonations,
  pledgeTotals,
  updatePledgeRow,
  type PledgeListFilter,
  type PledgeRecord,
  type PledgeValues,
} from './pledge-repository';
import { pledgeAmountsOf, pledgeSnapshot, toPledgeRow } from './pledge-view';

export function pledgeNotFound() {
  return fail(404, 'PLEDGE_NOT_FOUND');
}

interface PledgeBody {
  commitment_date: string;
  commitment_amount_cents: number;
  recipient?: string | null;
  instalments?: { due_date: string; amount_cents: number }[] | null;
  note?: string | null;
  confirm_outside_cycle?: boolean;
}

function pledgeValuesOf(body: PledgeBody): PledgeValues {
  return {
    commitmentDate: body.commitment_date,
    commitmentAmountCents: body.commitment_amount_cents,
    recipient: textOrNull(body.recipient),
    instalments: (body.instalments ?? []).map((i) => ({ due_date: i.due_date, amount_cents: i.amount_cents })).sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0)),
    note: textOrNull(body.note),
  };
}

/** The donor, then the pledge, locked; 404 for anything outside the campaign. */
async function lockPledgeAndDonor(tx: Tx, campaignId: string, pledgeId: string): Promise<{ pledge: PledgeRecord; donor: DonorRecord }> {
  const found = await findPledge(tx, campaignId, pledgeId);
  if (!found) throw pledgeNotFound();
  const donor = await lockDonor(tx, campaignId, found.pledge.donorId);
  const pledge = await lockPledge(tx, campaignId, pledgeId);
  if (!donor || !pledge || pledge.donorId !== donor.id) throw pledgeNotFound();
  return { pledge, donor };
}

/** What a pledge adds to the donor's aggregate in the cycle: its remaining amount. */
function countedRemaining(campaignCycle: Parameters<typeof inCycle>[0], pledge: { commitment_date: string; commitment_amount_cents: number; paid_cents: number; written_off: boolean }): number {
  return inCycle(campaignCycle, pledge.commitment_date) ? pledgeRemainingCents(pledge) : 0;
}

/** add_pledge; with an Idempotency-Key (plugins/request-key.ts) a retried write answers the first one's pledge. */
export async function addPledge(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donorId: string, body: PledgeBody, key: RequestKey | null = null): Promise<PledgeRow> {
  return onceForKey(
    key,
    () => addPledgeOnce(app, ctx, auth, donorId, body, key),
    async (pledgeId) => {
      const found = await findPledge(app.db, ctx.id, pledgeId);
      if (!found) throw pledgeNotFound();
      return toPledgeRow(found.pledge, found.donorName, isoDay(app.clock.now()));
    },
  );
}

async function addPledgeOnce(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donorId: string, body: PledgeBody, key: RequestKey | null): Promise<PledgeRow> {
  const campaign = await loadBookCampaign(app.db, ctx.id);
  const values = pledgeValuesOf(body);
  const now = app.clock.now();
  await checkCycle(app.db, campaign, values.commitmentDate, body.confirm_outside_cycle);
  const { pledge, donor } = await app.db.transaction(async (tx) => {
    const donor = await lockDonor(tx, ctx.id, donorId);
    if (!donor) throw donorNotFound();
    await assertKeyUnused(tx, ctx.id, key);
    const increase = countedRemaining(campaign.cycle, { commitment_date: values.commitmentDate, commitment_amount_cents: values.commitmentAmountCents, paid_cents: 0, written_off: false });
    assertContributionAllowed(campaign, donor, donor.paidCents + donor.outstandingCents, increase);
    const pledge = await insertPledge(tx, { ...values, campaignId: ctx.id, donorId, createdBy: auth.id, createdAt: now, updatedAt: now });
    await keepKey(tx, ctx.id, key, pledge.id);
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'pledge.created', entity: 'pledge', entityId: pledge.id, before: null, after: pledgeSnapshot(pledge) }, now);
    return { pledge, donor };
  });
  return toPledgeRow(pledge, donor.name, isoDay(now));
}

export async function updatePledge(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, pledgeId: string, body: PledgeBody): Promise<PledgeRow> {
  const campaign = await loadBookCampaign(app.db, ctx.id);
  const values = pledgeValuesOf(body);
  const now = app.clock.now();
  const { pledge, donor } = await app.db.transaction(async (tx) => {
    const { pledge: before, donor } = await lockPledgeAndDonor(tx, ctx.id, pledgeId);
    await checkCycle(tx, campaign, values.commitmentDate, body.confirm_outside_cycle, before.commitmentDate);
    if (before.writtenOffAt) throw fail(422, 'PLEDGE_WRITTEN_OFF');
    if (values.commitmentAmountCents < before.paidCents) throw fail(422, 'PLEDGE_BELOW_PAID', { paid_cents: before.paidCents });
    const oldCounted = countedRemaining(campaign.cycle, { ...pledgeAmountsOf(before), commitment_date: before.commitmentDate });
    const newCounted = countedRemaining(campaign.cycle, { commitment_date: values.commitmentDate, commitment_amount_cents: values.commitmentAmountCents, paid_cents: before.paidCents, written_off: false });
    assertContributionAllowed(campaign, donor, donor.paidCents + donor.outstandingCents, newCounted - oldCounted);
    const after = (await updatePledgeRow(tx, ctx.id, pledgeId, values, now))!;
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'pledge.updated', entity: 'pledge', entityId: pledgeId, before: pledgeSnapshot(before), after: pledgeSnapshot(after) }, now);
    return { pledge: after, donor };
  });
  return toPledgeRow(pledge, donor.name, isoDay(now));
}

export async function writeOffPledge(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, pledgeId: string, reason: string): Promise<PledgeRow> {
  const now = app.clock.now();
  const { pledge, donor } = await app.db.transaction(async (tx) => {
    const { pledge: before, donor } = await lockPledgeAndDonor(tx, ctx.id, pledgeId);
    if (before.writtenOffAt) throw fail(422, 'PLEDGE_WRITTEN_OFF');
    const after = (await updatePledgeRow(tx, ctx.id, pledgeId, { writtenOffAt: now, writeOffReason: reason.trim() }, now))!;
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'pledge.written_off', entity: 'pledge', entityId: pledgeId, before: pledgeSnapshot(before), after: pledgeSnapshot(after) }, now);
    return { pledge: after, donor };
  });
  return toPledgeRow(pledge, donor.name, isoDay(now));
}

export async function deletePledge(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, pledgeId: string): Promise<{ pledge_id: string }> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const { pledge } = await lockPledgeAndDonor(tx, ctx.id, pledgeId);
    if (await pledgeHasDonations(tx, pledgeId)) throw fail(409, 'PLEDGE_HAS_DONATIONS');
    await deletePledgeRow(tx, ctx.id, pledgeId);
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'pledge.deleted', entity: 'pledge', entityId: pledgeId, before: pledgeSnapshot(pledge), after: null }, now);
  });
  return { pledge_id: pledgeId };
}

/** list_donor_pledge_info: the page and its count and totals (cached until the campaign's next write). */
export async function listDonorPledges(app: FastifyInstance, ctx: CampaignContext, filter: PledgeListFilter): Promise<PledgeListData> {
  const [version, rows] = await Promise.all([readBookVersion(app, ctx.id), listPledgeRows(app.db, ctx.id, filter)]);
  const { total, totals } = await cachedListFigure(app, filterKey('pledges', ctx.id, filter), version, () => pledgeTotals(app.db, ctx.id, filter));
  const today = isoDay(app.clock.now());
  return { pledge_list: rows.map((r) => toPledgeRow(r.pledge, r.donorName, today)), total, page: filter.page, limit: filter.limit, totals };
}
