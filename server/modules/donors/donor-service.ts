/**
 * Donors: add (one donor per e-mail and per phone in a campaign; another campaign may have the same
 * person), edit, read with figures, pledges and the next payment, delete (only without pledges or
 * donations: merge instead), merge two donors, the list with search, filters, sorts and figures.
 */
import type { FastifyInstance } from 'fastify';
import type { DonorDetail, DonorListData, DonorRow, DonorTagListData } from '../../../domain/donor-book/donors-contract';
import { isoDay } from '../../../domain/dates';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { auditBook } from '../book/book-audit';
import { cycleInfoOf, loadBookCampaign, type BookCampaign } from '../book/book-campaign';
import { changesBetween } from '../book/book-changes';
import { readBookCampaign } from '../book/book-reads';
import { findBookVersion } from '../book/book-version-repository';
import { boundaryKey, cachedListFigure, filterKey, findPageBoundaries, keepListFigure, pageKey, readAheadBlock, readPage } from '../list-cache/list-cache';
import { keepDonationMatches } from '../book/donation-matches';
import { donorWarnings, figuresOf } from './donor-figures';
import { countDonors, donorKeyset, listCampaignTags, listDonorPage, type DonorListFilter, type DonorPageItem } from './donor-list-repository';
import { donorListKeepsOrder, donorPageSurvives } from './donor-page-changes';
import {
  contributionsOfDonors,
  deleteDonorRow,
  donorHasRecords,
  findDonor,
  findDuplicateDonor,
  importOriginOf,
  insertDonor,
  lockDonor,
  lockDonors,
  tagsOfDonors,
  updateDonor,
  type DonorRecord,
} from './donor-repository';
import { donorRowsOf, donorRowsOfPage } from './donor-rows';
import { donorSnapshot, toDonorRow } from './donor-view';
import { moveDonorRecords } from './merge-repository';
import { donorValuesOf, type DonorValues } from './normalize';
import { pledgesOfDonor } from '../pledges/pledge-repository';
import { donorNextPayment, toPledgeRow } from '../pledges/pledge-view';

export function donorNotFound() {
  return fail(404, 'DONOR_NOT_FOUND');
}

/** 409 DONOR_ALREADY_EXISTS naming the field and the donor that has it. */
async function rejectDuplicate(db: Executor, campaignId: string, values: DonorValues, exceptId?: string): Promise<void> {
  const duplicate = await findDuplicateDonor(db, campaignId, { email: values.donorEmail ?? null, phone: values.donorPhone ?? null }, exceptId);
  if (duplicate) throw fail(409, 'DONOR_ALREADY_EXISTS', { field: duplicate.field, donor_id: duplicate.id });
}

/** A unique index caught a duplicate written at the same moment: answer as the check would have. */
function duplicateConflict(db: Executor, campaignId: string, values: DonorValues, exceptId?: string) {
  return async (error: unknown): Promise<never> => {
    if (!isUniqueViolation(error)) throw error;
    await rejectDuplicate(db, campaignId, values, exceptId);
    throw fail(409, 'DONOR_ALREADY_EXISTS');
  };
}

async function donorRow(db: Executor, campaign: BookCampaign, record: DonorRecord): Promise<DonorRow> {
  const [row] = await donorRowsOf(db, campaign, [record]);
  return row!;
}

export async function addDonor(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: Record<string, unknown>): Promise<DonorRow> {
  const values = donorValuesOf(body);
  const campaign = await loadBookCampaign(app.db, ctx.id);
  await rejectDuplicate(app.db, ctx.id, values);
  const now = app.clock.now();
  const record = await app.db
    .transaction(async (tx) => {
      const donor = await insertDonor(tx, { ...values, campaignId: ctx.id, createdBy: auth.id, createdAt: now, updatedAt: now });
      await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donor.created', entity: 'donor', entityId: donor.id, before: null, after: donorSnapshot(donor) }, now);
      return donor;
    })
    .catch(duplicateConflict(app.db, ctx.id, values));
  app.log.info({ campaignId: ctx.id, donorId: record.id, userId: auth.id }, 'donor added');
  return donorRow(app.db, campaign, record);
}

export async function updateDonorFields(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donorId: string, body: Record<string, unknown>): Promise<DonorRow> {
  const values = donorValuesOf(body);
  const campaign = await loadBookCampaign(app.db, ctx.id);
  if (!(await findDonor(app.db, ctx.id, donorId))) throw donorNotFound();
  await rejectDuplicate(app.db, ctx.id, values, donorId);
  const now = app.clock.now();
  const record = await app.db
    .transaction(async (tx) => {
      const before = await lockDonor(tx, ctx.id, donorId);
      if (!before) throw donorNotFound();
      const after = await updateDonor(tx, ctx.id, donorId, values, now);
      if (!after) throw donorNotFound();
      await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donor.updated', entity: 'donor', entityId: donorId, before: donorSnapshot(before), after: donorSnapshot(after) }, now);
      await keepDonationMatches(tx, ctx.id);
      return after;
    })
    .catch(duplicateConflict(app.db, ctx.id, values, donorId));
  return donorRow(app.db, campaign, record);
}

async function donorDetail(app: FastifyInstance, campaign: BookCampaign, record: DonorRecord): Promise<DonorDetail> {
  const today = isoDay(app.clock.now());
  const [tags, contributions, pledges, importOrigin] = await Promise.all([
    tagsOfDonors(app.db, campaign.id, [record.id]),
    contributionsOfDonors(app.db, campaign.id, [record.id], campaign.cycle),
    pledgesOfDonor(app.db, campaign.id, record.id),
    importOriginOf(app.db, record),
  ]);
  const answer = figuresOf(campaign, record, contributions.get(record.id) ?? []);
  return {
    ...toDonorRow(record, answer.figures, tags.get(record.id) ?? []),
    cycle: cycleInfoOf(campaign),
    warnings: donorWarnings(campaign, record, answer),
    pledges: pledges.map((p) => toPledgeRow(p, record.name, today)),
    next_payment: donorNextPayment(pledges, today),
    import_origin: importOrigin,
  };
}

export async function getDonorDetail(app: FastifyInstance, ctx: CampaignContext, donorId: string): Promise<DonorDetail> {
  const [campaign, record] = await Promise.all([readBookCampaign(app, ctx.id), findDonor(app.db, ctx.id, donorId)]);
  if (!record) throw donorNotFound();
  return donorDetail(app, campaign, record);
}

export async function deleteDonor(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donorId: string): Promise<{ donor_id: string }> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const before = await lockDonor(tx, ctx.id, donorId);
    if (!before) throw donorNotFound();
    if (await donorHasRecords(tx, donorId)) throw fail(409, 'DONOR_HAS_RECORDS');
    await deleteDonorRow(tx, ctx.id, donorId);
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: 'donor.deleted', entity: 'donor', entityId: donorId, before: donorSnapshot(before), after: null }, now);
  });
  return { donor_id: donorId };
}

/** Fields the survivor lacks and the duplicate has (taken after the duplicate is gone: e-mail and phone are unique). */
function gapsFilled(survivor: DonorRecord, duplicate: DonorRecord): Partial<DonorValues> {
  const keys = ['donorPhone', 'donorEmail', 'employer', 'occupation', 'address', 'aptUnit', 'city', 'state', 'zip', 'district', 'recipient'] as const;
  const patch: Partial<DonorValues> = {};
  for (const key of keys) if (survivor[key] === null && duplicate[key] !== null) patch[key] = duplicate[key];
  if (patch.state && survivor.country !== duplicate.country) delete patch.state;
  return patch;
}

/**
 * merge_donor (one transaction): the duplicate's pledges, donations, calls, notes and tags (those the
 * survivor lacks) move to the survivor, which also takes the duplicate's values of its empty fields;
 * the duplicate is deleted. The audit entry keeps both donors as they were.
 */
export async function mergeDonors(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, survivorId: string, duplicateId: string): Promise<DonorDetail> {
  if (survivorId.toLowerCase() === duplicateId.toLowerCase()) throw fail(422, 'DONOR_MERGE_SAME');
  const campaign = await loadBookCampaign(app.db, ctx.id);
  const now = app.clock.now();
  const merged = await app.db.transaction(async (tx) => {
    const locked = await lockDonors(tx, ctx.id, [survivorId, duplicateId]);
    const survivor = locked.find((d) => d.id === survivorId);
    const duplicate = locked.find((d) => d.id === duplicateId);
    if (!survivor || !duplicate) throw donorNotFound();
    const moved = await moveDonorRecords(tx, ctx.id, duplicateId, survivorId);
    await deleteDonorRow(tx, ctx.id, duplicateId);
    const after = (await updateDonor(tx, ctx.id, survivorId, gapsFilled(survivor, duplicate), now))!;
    await auditBook(
      tx,
      {
        campaignId: ctx.id,
        actorId: auth.id,
        action: 'donor.merged',
        entity: 'donor',
        entityId: survivorId,
        before: { survivor: donorSnapshot(survivor), duplicate: donorSnapshot(duplicate) },
        after: donorSnapshot(after),
        extra: { duplicate_id: duplicateId, moved },
      },
      now,
    );
    await keepDonationMatches(tx, ctx.id);
    return after;
  });
  app.log.info({ campaignId: ctx.id, survivorId, duplicateId, userId: auth.id }, 'donors merged');
  return donorDetail(app, campaign, merged);
}

/** Whether the writes of versions (from, to] left the donor list of `filter` as it was (its donors, their order). */
function donorListKept(app: FastifyInstance, campaignId: string, filter: DonorListFilter) {
  return async (from: number, to: number) => donorListKeepsOrder(filter, await changesBetween(app, campaignId, from, to));
}

/** The donors of rows [start, start + limit) (a page, or its block): OFFSET near the start, seeks after the page boundaries further on (deep-page.ts). */
function donorPageItems(app: FastifyInstance, campaignId: string, filter: DonorListFilter, version: number, rows: { start: number; limit: number }): Promise<DonorPageItem[]> {
  return readPage(app, rows.start, rows.limit, {
    key: boundaryKey('donors', campaignId, filter),
    version,
    boundaries: (step) => findPageBoundaries(app.db, donorKeyset(campaignId, filter), step),
    seek: async (segments) => {
      const page = await listDonorPage(app.db, campaignId, filter, segments);
      return { rows: page.items, version: page.version };
    },
    bookVersion: () => findBookVersion(app.db, campaignId),
    offset: async (start, limit) => (await listDonorPage(app.db, campaignId, { ...filter, page: start / limit + 1, limit })).items,
    boundariesSurvive: donorListKept(app, campaignId, filter),
  });
}

/**
 * list_donor: the page with what its figures need (one query) and the count, both cached until the
 * campaign's next donor-book write or settings change (the version is read first, with the campaign).
 * A deep page that misses is read with the other pages of its block (deep-page.ts), kept for them.
 */
export async function listDonors(app: FastifyInstance, ctx: CampaignContext, filter: DonorListFilter): Promise<DonorListData> {
  const campaign = await readBookCampaign(app, ctx.id);
  const keyOf = (page: number, list = 'donor_page') => pageKey(list, ctx.id, { ...filter, page, settings: campaign.settingsStamp } as DonorListFilter & { settings: string });
  const key = keyOf(filter.page);
  const start = (filter.page - 1) * filter.limit;
  const block = key === null ? null : readAheadBlock(app, start, filter.limit);
  return cachedListFigure(
    app,
    key,
    campaign.version,
    async () => {
      const [read, total] = await Promise.all([
        block
          ? // One read of a block at a time: the pages of a block asked together share it.
            cachedListFigure(app, keyOf(block.start / filter.limit + 1, 'donor_block'), campaign.version, async () => ({
              value: await donorPageItems(app, ctx.id, filter, campaign.version, block),
              version: campaign.version,
            }))
          : donorPageItems(app, ctx.id, filter, campaign.version, { start, limit: filter.limit }),
        cachedListFigure(
          app,
          filterKey('donors', ctx.id, filter),
          campaign.version,
          () => countDonors(app.db, ctx.id, filter),
          (from) => donorListKept(app, ctx.id, filter)(from, campaign.version),
        ),
      ]);
      const pageOf = (page: number): DonorListData => {
        const from = (page - 1) * filter.limit - (block?.start ?? start);
        const items = read.slice(from, from + filter.limit);
        let rows: DonorRow[] | undefined;
        // A page read ahead builds its rows (their figures) when it is first asked, if ever.
        return {
          get donor_list() {
            return (rows ??= donorRowsOfPage(campaign, items));
          },
          total,
          page,
          limit: filter.limit,
          cycle: cycleInfoOf(campaign),
        };
      };
      if (block) {
        for (let page = block.start / filter.limit + 1; (page - 1) * filter.limit < block.start + read.length; page++) {
          if (page !== filter.page) keepListFigure(app, keyOf(page), campaign.version, pageOf(page));
        }
      }
      return { value: pageOf(filter.page), version: campaign.version };
    },
    async (from, page) => donorPageSurvives(filter, page.donor_list, await changesBetween(app, ctx.id, from, campaign.version)),
  );
}

export async function listDonorTags(app: FastifyInstance, ctx: CampaignContext, filter: { search?: string; limit: number }): Promise<DonorTagListData> {
  const tags = await listCampaignTags(app.db, ctx.id, filter);
  return { tag_list: tags, total: tags.length };
}
