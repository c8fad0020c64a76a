/**
 * Donations: add and edit (checked against the donor's limit for the campaign's election cycle: a
 * breach answers 422 with the catalogue code and nothing is saved), refund, delete, the list.
 * Every write takes the donor's row lock first (SELECT … FOR UPDATE) and checks and writes in that
 * transaction, so two concurrent donations cannot both pass the limit.
 */
import type { FastifyInstance } from 'fastify';
import type { DonationListData, DonationRow, DonationWriteData } from '../../../domain/donor-book/donations-contract';
import type { ComplianceWarning } from '../../../domain/compliance/types';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import type { Executor, Tx } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { AppError, fail } from '../../plugins/errors';
import { assertKeyUnused, keepKey, onceForKey, type RequestKey } from '../../plugins/request-key';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { formatCents } from '../../../domain/money';
import { withBody } from '../../plugins/respond';
import { auditBook } from '../book/book-audit';
import { inCycle, loadBookCampaign, type BookCampaign } from '../book/book-campaign';
import { assertContributionAllowed } from '../book/contribution-check';
import { checkCycle } from '../book/cycle-check';
import { keepDonationMatches } from '../book/donation-matches';
import { donorWarnings, figuresOf } from '../donors/donor-figures';
import { contributionsOfDonors, findDonor, lockDonor, lockDonors, type DonorRecord } from '../donors/donor-repository';
import { donorNotFound } from '../donors/donor-service';
import { readBookVersion } from '../book/book-reads';
import { findBookVersion } from '../book/book-version-repository';
import { boundaryKey, cachedListFigure, filterKey, findPageBoundaries, isDeepPage, pageKey, readPage } from '../list-cache/list-cache';
import { textOrNull } from '../donors/normalize';
import { findPledge, lockPledge, pledgeInFlightCents, type PledgeRecord } from '../pledges/pledge-repository';
import { pledgeNotFound } from '../pledges/pledge-service';
import {
  deleteDonationRow,
  donationKeyset,
  donorAggregateCents,
  donorCashCents,
  findDonation,
  donationTotals,
  insertDonation,
  insertRefund,
  listDonationRows,
  lockDonation,
  refundsOfDonations,
  updateDonationRow,
  type DonationListFilter,
  type DonationRecord,
  type DonationValues,
  type DonationListRow,
} from './repository';
import { mirroredDonationPage } from './list-mirror';
import { onlineFactsOfDonations } from './online-facts-repository';
import { donationSnapshot, toDonationRow, toRefundRow } from './view';

export function donationNotFound() {
  return fail(404, 'DONATION_NOT_FOUND');
}

export interface DonationBody {
  donor_id: string;
  paying_date: string;
  paid_amount_cents: number;
  payment_method: string;
  reference_number?: string | null;
  recipient?: string | null;
  pledge_id?: string | null;
  memo?: string | null;
  check_number?: string | null;
  intermediary?: Record<string, unknown> | null;
  confirm_outside_cycle?: boolean;
}

/** The stored intermediary: trimmed text, '' → null; a missing key is left out (unchanged on an update). */
function intermediaryOf(body: DonationBody): Pick<DonationValues, 'intermediary'> {
  if (body.intermediary === undefined) return {};
  const i = body.intermediary;
  if (i === null) return { intermediary: null };
  return {
    intermediary: {
      name: textOrNull(i.name)!.replace(/\s+/g, ' '),
      address: textOrNull(i.address),
      city: textOrNull(i.city),
      state: textOrNull(i.state),
      zip: textOrNull(i.zip),
      employer: textOrNull(i.employer),
      occupation: textOrNull(i.occupation),
      csmart_number: textOrNull(i.csmart_number)?.toUpperCase() ?? null,
    },
  };
}

function donationValuesOf(body: DonationBody): DonationValues {
  return {
    checkNumber: body.payment_method === 'check' ? (textOrNull(body.check_number) ?? null) : null,
    donorId: body.donor_id.toLowerCase(),
    pledgeId: textOrNull(body.pledge_id)?.toLowerCase() ?? null,
    payingDate: body.paying_date,
    paidAmountCents: body.paid_amount_cents,
    paymentMethod: body.payment_method as PaymentMethod,
    referenceNumber: textOrNull(body.reference_number),
    recipient: textOrNull(body.recipient),
    memo: textOrNull(body.memo),
    ...intermediaryOf(body),
  };
}

/** A pledge being paid, with its online payments whose money is on its way (pledgeInFlightCents). */
type PaidPledge = PledgeRecord & { inFlightCents: number };

/**
 * The pledge a payment pays: the same donor's, in the campaign, not written off; locked (after the
 * donor, the order every pledge write uses), so an online capture of this pledge cannot be claimed
 * between the check and the write, and its online payments in flight are read under that lock.
 */
async function pledgeOf(tx: Tx, campaignId: string, pledgeId: string | null | undefined, donorId: string): Promise<PaidPledge | null> {
  if (!pledgeId) return null;
  const found = await findPledge(tx, campaignId, pledgeId);
  if (!found) throw pledgeNotFound();
  if (found.pledge.donorId !== donorId) throw fail(422, 'PLEDGE_DONOR_MISMATCH');
  const pledge = await lockPledge(tx, campaignId, pledgeId);
  if (!pledge || pledge.donorId !== donorId) throw pledgeNotFound();
  if (pledge.writtenOffAt) throw fail(422, 'PLEDGE_WRITTEN_OFF');
  return { ...pledge, inFlightCents: await pledgeInFlightCents(tx, campaignId, pledge.id) };
}

/** What a donation counts for once its refunds are taken off (an edit keeps what was refunded). */
function netOf(values: DonationValues, current: DonationRecord | null): number {
  return values.paidAmountCents - (current?.refundedCents ?? 0);
}

/** The donation's own payment towards `pledge` before an edit (net of refunds), 0 for a new one. */
function ownPayment(pledge: PledgeRecord, current: DonationRecord | null): number {
  return current && current.pledgeId === pledge.id ? current.paidAmountCents - current.refundedCents : 0;
}

/** An edit may not bring the amount under what was already refunded. */
function assertNotBelowRefunded(values: DonationValues, current: DonationRecord): void {
  if (values.paidAmountCents < current.refundedCents) throw fail(422, 'DONATION_BELOW_REFUNDED', { refunded_cents: current.refundedCents });
}

/**
 * A payment towards a pledge may not be more than what remains on it (the rest is a new gift: record
 * it apart), nor more than what remains once the online payments of the pledge still on their way
 * settle: 409 PLEDGE_PAYMENT_IN_FLIGHT, record the rest after PayPal has said (issue 29 point 10).
 */
function assertWithinPledge(values: DonationValues, pledge: PaidPledge | null, current: DonationRecord | null): void {
  if (!pledge) return;
  const remaining = Math.max(0, pledge.commitmentAmountCents - (pledge.paidCents - ownPayment(pledge, current)));
  const net = netOf(values, current);
  if (net > remaining) throw fail(422, 'DONATION_EXCEEDS_PLEDGE', { remaining_cents: remaining });
  if (pledge.inFlightCents > 0 && net > remaining - pledge.inFlightCents) {
    const amount = formatCents(pledge.inFlightCents);
    throw new AppError(409, 'PLEDGE_PAYMENT_IN_FLIGHT', ERROR_MESSAGES.PLEDGE_PAYMENT_IN_FLIGHT.replace('{{amount}}', amount), {
      amount,
      in_flight_cents: pledge.inFlightCents,
      remaining_cents: Math.max(0, remaining - pledge.inFlightCents),
    });
  }
}

/**
 * What the payment adds to the donor's aggregate for the cycle: what it counts for (net of refunds)
 * when dated in the cycle, less the part that pays a pledge of the cycle (that part was already
 * counted as promised). `current`: the donation before an edit (its own payment towards the pledge
 * is left out).
 */
function increaseOf(campaign: BookCampaign, values: DonationValues, pledge: PledgeRecord | null, current: DonationRecord | null): number {
  const net = netOf(values, current);
  let increase = inCycle(campaign.cycle, values.payingDate) ? net : 0;
  if (pledge && inCycle(campaign.cycle, pledge.commitmentDate)) {
    const remaining = Math.max(0, pledge.commitmentAmountCents - (pledge.paidCents - ownPayment(pledge, current)));
    increase -= Math.min(net, remaining);
  }
  return increase;
}

/** The cash check's input for a cash gift dated in the cycle (cash outside it counts toward another cycle). */
async function cashInput(tx: Tx, campaign: BookCampaign, donorId: string, values: DonationValues, current: DonationRecord | null) {
  if (values.paymentMethod !== 'cash' || !inCycle(campaign.cycle, values.payingDate)) return undefined;
  return { cash_aggregate_cents: await donorCashCents(tx, donorId, campaign.cycle, current?.id ?? null), cash_amount_cents: netOf(values, current) };
}

/** The donation as the API answers it, with its refunds. */
async function donationRowOf(db: Executor, campaignId: string, row: DonationRecord, donorName: string) {
  const [refunds, online] = await Promise.all([refundsOfDonations(db, campaignId, [row.id]), onlineFactsOfDonations(db, campaignId, row.source === 'online' ? [row.id] : [])]);
  return toDonationRow(row, donorName, refunds.get(row.id) ?? [], online.get(row.id));
}

/** The donor's compliance warnings after a write (limits, match, over the limit). */
async function warningsAfter(app: FastifyInstance, campaign: BookCampaign, donorId: string): Promise<ComplianceWarning[]> {
  const [donor, contributions] = await Promise.all([findDonor(app.db, campaign.id, donorId), contributionsOfDonors(app.db, campaign.id, [donorId], campaign.cycle)]);
  if (!donor) return [];
  return donorWarnings(campaign, donor, figuresOf(campaign, donor, contributions.get(donorId) ?? []));
}

/** add_donation; with an Idempotency-Key (plugins/request-key.ts) a retried write answers the first one's donation. */
export async function addDonation(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: DonationBody, key: RequestKey | null = null): Promise<DonationWriteData> {
  return onceForKey(
    key,
    () => addDonationOnce(app, ctx, auth, body, key),
    async (donationId) => {
      const found = await findDonation(app.db, ctx.id, donationId);
      if (!found) throw donationNotFound();
      return { donation: await donationRowOf(app.db, ctx.id, found.donation, found.donorName), warnings: [] };
    },
  );
}

async function addDonationOnce(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: DonationBody, key: RequestKey | null): Promise<DonationWriteData> {
  const campaign = await loadBookCampaign(app.db, ctx.id);
  const values = donationValuesOf(body);
  const now = app.clock.now();
  const cycleWarnings = await checkCycle(app.db, campaign, values.payingDate, body.confirm_outside_cycle);
  const { row, donor } = await app.db.transaction(async (tx) => {
    const donor = await lockDonor(tx, ctx.id, values.donorId);
    if (!donor) throw donorNotFound();
    await assertKeyUnused(tx, ctx.id, key);
    const pledge = await pledgeOf(tx, ctx.id, values.pledgeId, donor.id);
    assertWithinPledge(values, pledge, null);
    const aggregate = await donorAggregateCents(tx, donor.id, campaign.cycle, null);
    assertContributionAllowed(campaign, donor, aggregate, increaseOf(campaign, values, pledge, null), await cashInput(tx, campaign, donor.id, values, null));
    const row = await insertDonation(tx, { ...values, campaignId: ctx.id, source: 'manual', createdBy: auth.id, createdAt: now, updatedAt: now });
    await keepKey(tx, ctx.id, key, row.id);
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donation.created', entity: 'donation', entityId: row.id, before: null, after: donationSnapshot(row) }, now);
    await keepDonationMatches(tx, ctx.id);
    return { row, donor };
  });
  app.log.info({ campaignId: ctx.id, donationId: row.id, userId: auth.id }, 'donation added');
  return { donation: toDonationRow(row, donor.name, []), warnings: [...cycleWarnings, ...(await warningsAfter(app, campaign, donor.id))] };
}

export async function updateDonation(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donationId: string, body: DonationBody): Promise<DonationWriteData> {
  const campaign = await loadBookCampaign(app.db, ctx.id);
  const values = donationValuesOf(body);
  const now = app.clock.now();
  const { row, donor, cycleWarnings } = await app.db.transaction(async (tx) => {
    const found = await findDonation(tx, ctx.id, donationId);
    if (!found) throw donationNotFound();
    const locked = await lockDonors(tx, ctx.id, [...new Set([found.donation.donorId, values.donorId])]);
    const donor = locked.find((d: DonorRecord) => d.id === values.donorId);
    if (!donor) throw donorNotFound();
    const current = await lockDonation(tx, ctx.id, donationId);
    if (!current || current.donorId !== found.donation.donorId) throw donationNotFound();
    const cycleWarnings = await checkCycle(tx, campaign, values.payingDate, body.confirm_outside_cycle, current.payingDate);
    assertNotBelowRefunded(values, current);
    const pledge = await pledgeOf(tx, ctx.id, values.pledgeId, donor.id);
    assertWithinPledge(values, pledge, current);
    const aggregate = await donorAggregateCents(tx, donor.id, campaign.cycle, current.id);
    assertContributionAllowed(campaign, donor, aggregate, increaseOf(campaign, values, pledge, current), await cashInput(tx, campaign, donor.id, values, current));
    const row = (await updateDonationRow(tx, ctx.id, donationId, values, now))!;
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donation.updated', entity: 'donation', entityId: donationId, before: donationSnapshot(current), after: donationSnapshot(row) }, now);
    await keepDonationMatches(tx, ctx.id);
    return { row, donor, cycleWarnings };
  });
  return { donation: await donationRowOf(app.db, ctx.id, row, donor.name), warnings: [...cycleWarnings, ...(await warningsAfter(app, campaign, donor.id))] };
}

/** The donor, then the donation, locked; 404 for anything outside the campaign. */
async function lockDonationAndDonor(tx: Tx, campaignId: string, donationId: string): Promise<{ donation: DonationRecord; donor: DonorRecord }> {
  const found = await findDonation(tx, campaignId, donationId);
  if (!found) throw donationNotFound();
  const donor = await lockDonor(tx, campaignId, found.donation.donorId);
  const donation = await lockDonation(tx, campaignId, donationId);
  if (!donor || !donation || donation.donorId !== donor.id) throw donationNotFound();
  return { donation, donor };
}

/**
 * refund_donation: all that remains (default) or part of it. Several refunds per donation, never more
 * than was paid; the trigger of migration 0012 updates the donation's refunded total, and the totals,
 * the limit aggregate and the matchable amount follow from it. With an Idempotency-Key a retried
 * refund answers the donation as it stands without refunding again.
 */
export async function refundDonation(
  app: FastifyInstance,
  ctx: CampaignContext,
  auth: AuthUser,
  input: { donation_id: string; refund_amount_cents?: number; refund_date: string; refund_reason: string },
  key: RequestKey | null = null,
): Promise<DonationRow> {
  return onceForKey(
    key,
    () => refundDonationOnce(app, ctx, auth, input, key),
    async () => {
      const found = await findDonation(app.db, ctx.id, input.donation_id.toLowerCase());
      if (!found) throw donationNotFound();
      return donationRowOf(app.db, ctx.id, found.donation, found.donorName);
    },
  );
}

async function refundDonationOnce(
  app: FastifyInstance,
  ctx: CampaignContext,
  auth: AuthUser,
  input: { donation_id: string; refund_amount_cents?: number; refund_date: string; refund_reason: string },
  key: RequestKey | null,
): Promise<DonationRow> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const { donation, donor } = await lockDonationAndDonor(tx, ctx.id, input.donation_id.toLowerCase());
    await assertKeyUnused(tx, ctx.id, key);
    const refundable = donation.paidAmountCents - donation.refundedCents;
    if (refundable <= 0) throw fail(409, 'DONATION_ALREADY_REFUNDED');
    const amount = input.refund_amount_cents ?? refundable;
    if (amount > refundable) throw fail(422, 'REFUND_EXCEEDS_PAID', { refundable_cents: refundable });
    if (input.refund_date < donation.payingDate) {
      throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { refund_date: 'The refund date cannot be before the payment date' } });
    }
    const refund = await insertRefund(tx, {
      campaignId: ctx.id,
      donationId: donation.id,
      amountCents: amount,
      refundDate: input.refund_date,
      reason: input.refund_reason.trim(),
      createdBy: auth.id,
      createdAt: now,
    });
    await keepKey(tx, ctx.id, key, refund.id);
    const row = (await lockDonation(tx, ctx.id, donation.id))!;
    await auditBook(
      tx,
      {
        campaignId: ctx.id,
        actorId: auth.id,
        action: 'donation.refunded',
        entity: 'donation',
        entityId: donation.id,
        before: donationSnapshot(donation),
        after: { ...donationSnapshot(row), refund: toRefundRow(refund) },
      },
      now,
    );
    await keepDonationMatches(tx, ctx.id);
    return donationRowOf(tx, ctx.id, row, donor.name);
  });
}

export async function deleteDonation(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donationId: string): Promise<{ donation_id: string }> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const { donation } = await lockDonationAndDonor(tx, ctx.id, donationId);
    await deleteDonationRow(tx, ctx.id, donationId);
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donation.deleted', entity: 'donation', entityId: donationId, before: donationSnapshot(donation), after: null }, now);
    await keepDonationMatches(tx, ctx.id);
  });
  return { donation_id: donationId };
}

/** The donations of the page: OFFSET near the start, seeks after the page boundaries further on (deep-page.ts). */
function donationPageRows(app: FastifyInstance, campaignId: string, filter: DonationListFilter, version: number): Promise<DonationListRow[]> {
  return readPage(app, (filter.page - 1) * filter.limit, filter.limit, {
    key: boundaryKey('donations', campaignId, filter),
    version,
    boundaries: (step) => findPageBoundaries(app.db, donationKeyset(app.db, campaignId, filter), step),
    seek: (segments) => listDonationRows(app.db, campaignId, filter, segments),
    bookVersion: () => findBookVersion(app.db, campaignId),
    offset: async (start, limit) => (await listDonationRows(app.db, campaignId, { ...filter, page: start / limit + 1, limit })).rows,
  });
}

/**
 * list_donation: the page (one query) and its count and totals, both cached until the campaign's next
 * donor-book write (the version is read first); deep pages by date or amount from the list kept in
 * memory, which a write moves instead of voiding (list-mirror.ts).
 */
export async function listDonationPage(app: FastifyInstance, ctx: CampaignContext, filter: DonationListFilter): Promise<DonationListData> {
  const version = await readBookVersion(app, ctx.id);
  // Deep pages by date or amount: from the list kept in memory across writes (list-mirror.ts), not
  // cached as pages (a write a second makes most pages of a long list stale before they are asked again).
  if (isDeepPage(app, (filter.page - 1) * filter.limit)) {
    const kept = await mirroredDonationPage(app, ctx.id, filter, version);
    if (kept) {
      const { rows, total, totals } = kept;
      // The rows are kept as JSON: the body splices them; the object parses them only if read.
      const data: DonationListData = {
        get donation_list() {
          return rows.map((row) => JSON.parse(row) as DonationRow);
        },
        total,
        page: filter.page,
        limit: filter.limit,
        totals,
      };
      return withBody(data, `{"data":{"donation_list":[${rows.join(',')}],"total":${total},"page":${filter.page},"limit":${filter.limit},"totals":${JSON.stringify(totals)}}}`);
    }
  }
  return cachedListFigure(app, pageKey('donation_page', ctx.id, filter), version, async () => {
    const [rows, { total, totals }] = await Promise.all([
      donationPageRows(app, ctx.id, filter, version),
      cachedListFigure(app, filterKey('donations', ctx.id, filter), version, () => donationTotals(app.db, ctx.id, filter)),
    ]);
    const [refunds, online] = await Promise.all([
      refundsOfDonations(app.db, ctx.id, rows.filter((r) => r.donation.refundedCents > 0).map((r) => r.donation.id)),
      onlineFactsOfDonations(app.db, ctx.id, rows.filter((r) => r.donation.source === 'online').map((r) => r.donation.id)),
    ]);
    const donation_list = rows.map((r) => toDonationRow(r.donation, r.donorName, refunds.get(r.donation.id) ?? [], online.get(r.donation.id)));
    return { value: { donation_list, total, page: filter.page, limit: filter.limit, totals }, version };
  });
}
