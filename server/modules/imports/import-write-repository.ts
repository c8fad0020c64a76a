/**
 * SQL of the import itself: finding donors a file's rows name, the donor book state a payment plan
 * needs, and the set-based writes of a batch (one statement for the donors, their pledges, their
 * audit entries and their rows' outcomes; one for the donations).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Intermediary } from '../../../domain/donor-book/donations-contract';
import type { Executor } from '../../db/executor';
import { donations, donors, pledges } from '../../db/schema';
import type { CycleRange } from '../book/book-campaign';
import type { DonorRecord } from '../donors/donor-repository';

/** `lower(name)|zip`: how a donor without e-mail or phone is recognised. */
export const nameZipKey = (name: string, zip: string | null) => `${name.toLowerCase()}|${zip ?? ''}`;

export interface ContactKeys {
  emails: string[];
  phones: string[];
  nameZips: string[];
}

/** What an import needs of a donor it finds: who it is, how it is found, its figures and its rules. */
export type ContactDonor = Pick<
  DonorRecord,
  'id' | 'name' | 'zip' | 'donorEmail' | 'donorPhone' | 'paidCents' | 'outstandingCents' | 'contributorType' | 'eligibility' | 'country' | 'state' | 'city' | 'district' | 'doingBusiness'
>;

const CONTACT_DONOR = {
  id: donors.id,
  name: donors.name,
  zip: donors.zip,
  donorEmail: donors.donorEmail,
  donorPhone: donors.donorPhone,
  paidCents: donors.paidCents,
  outstandingCents: donors.outstandingCents,
  contributorType: donors.contributorType,
  eligibility: donors.eligibility,
  country: donors.country,
  state: donors.state,
  city: donors.city,
  district: donors.district,
  doingBusiness: donors.doingBusiness,
};

/** Donors of the campaign with any of these e-mails, phones or name|zip keys (only what an import needs of them). */
export async function donorsByContact(db: Executor, campaignId: string, keys: ContactKeys): Promise<ContactDonor[]> {
  const matches: SQL[] = [];
  if (keys.emails.length > 0) matches.push(anyOf(donors.donorEmail, keys.emails, 'text'));
  if (keys.phones.length > 0) matches.push(anyOf(donors.donorPhone, keys.phones, 'text'));
  if (keys.nameZips.length > 0) matches.push(sql`(lower(${donors.name}) || '|' || coalesce(${donors.zip}, '')) = any(${sql.param(keys.nameZips)}::text[])`);
  if (matches.length === 0) return [];
  return db
    .select(CONTACT_DONOR)
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), or(...matches)));
}

export interface OpenPledge {
  id: string;
  donorId: string;
  commitmentDate: string;
  remainingCents: number;
}

/** Each donor's pledges with something left to pay, oldest first (not written off); a donor without any has no entry. */
export async function openPledgesOf(db: Executor, campaignId: string, donorIds: string[]): Promise<Map<string, OpenPledge[]>> {
  const byDonor = new Map<string, OpenPledge[]>();
  if (donorIds.length === 0) return byDonor;
  const rows = await db
    .select({ id: pledges.id, donorId: pledges.donorId, commitmentDate: pledges.commitmentDate, commitment: pledges.commitmentAmountCents, paid: pledges.paidCents })
    .from(pledges)
    .where(and(eq(pledges.campaignId, campaignId), anyOf(pledges.donorId, donorIds, 'uuid'), sql`${pledges.writtenOffAt} is null`, sql`${pledges.commitmentAmountCents} > ${pledges.paidCents}`))
    .orderBy(asc(pledges.commitmentDate), asc(pledges.createdAt), asc(pledges.id));
  for (const r of rows) {
    const list = byDonor.get(r.donorId) ?? [];
    list.push({ id: r.id, donorId: r.donorId, commitmentDate: r.commitmentDate, remainingCents: r.commitment - r.paid });
    byDonor.set(r.donorId, list);
  }
  return byDonor;
}

/** Each donor's cash in the cycle, net of refunds. */
export async function cashOf(db: Executor, campaignId: string, donorIds: string[], cycle: CycleRange | null): Promise<Map<string, number>> {
  const cash = new Map<string, number>();
  if (donorIds.length === 0) return cash;
  const rows = await db
    .select({ donorId: donations.donorId, cash: sql<string>`sum(${donations.paidAmountCents} - ${donations.refundedCents})` })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        anyOf(donations.donorId, donorIds, 'uuid'),
        eq(donations.paymentMethod, 'cash'),
        cycle ? sql`${donations.payingDate} between ${cycle.start} and ${cycle.end}` : undefined,
      ),
    )
    .groupBy(donations.donorId);
  for (const row of rows) cash.set(row.donorId, Number(row.cash));
  return cash;
}

/**
 * Inserts the donors of these rows (their `data.donor`), with their pledge (`data.pledge`) and
 * figures already computed (a new donor's only record is that pledge, so the totals trigger finds
 * nothing to change and no donor row is written twice), an audit entry each, and marks the rows
 * 'imported'. A row whose e-mail or phone another donor took meanwhile is skipped by ON CONFLICT
 * and left 'valid' for the caller. Answers the row numbers written.
 */
export async function insertImportedDonors(
  tx: Executor,
  input: { uploadId: string; campaignId: string; fileName: string; actorId: string | null; now: Date; rowNumbers: number[]; cycle: CycleRange | null },
): Promise<number[]> {
  if (input.rowNumbers.length === 0) return [];
  const { uploadId, campaignId, now } = input;
  const inCycle = input.cycle ? sql`(r.data->'pledge'->>'commitment_date') between ${input.cycle.start} and ${input.cycle.end}` : sql`true`;
  const amount = sql`coalesce((r.data->'pledge'->>'commitment_amount_cents')::bigint, 0)`;
  const result = await tx.execute<{ import_row: number }>(sql`
    with ins as (
      insert into ${donors} (campaign_id, name, donor_phone, donor_email, contributor_type, employer, occupation, address, apt_unit, city, state, zip, district, country, eligibility, recipient,
                             pledged_cents, outstanding_cents, all_time_pledged_cents, all_time_outstanding_cents, import_upload_id, import_row, created_by, created_at, updated_at)
      select ${campaignId}, d->>'name', d->>'donor_phone', d->>'donor_email', d->>'contributor_type', d->>'employer', d->>'occupation', d->>'address', d->>'apt_unit', d->>'city', d->>'state', d->>'zip',
             d->>'district', d->>'country', d->>'eligibility', d->>'recipient',
             case when ${inCycle} then ${amount} else 0 end, case when ${inCycle} then ${amount} else 0 end, ${amount}, ${amount},
             ${uploadId}, r.row_number, ${input.actorId}, ${now}, ${now}
      from upload_rows r cross join lateral (select r.data->'donor' as d) x
      where r.upload_id = ${uploadId} and r.outcome = 'valid' and r.row_number = any(${sql.param(input.rowNumbers)}::int[])
      order by r.row_number
      on conflict do nothing
      returning id, import_row, name
    ),
    pl as (
      insert into ${pledges} (campaign_id, donor_id, commitment_date, commitment_amount_cents, created_by, created_at, updated_at)
      select ${campaignId}, ins.id, (r.data->'pledge'->>'commitment_date')::date, (r.data->'pledge'->>'commitment_amount_cents')::int, ${input.actorId}, ${now}, ${now}
      from ins join upload_rows r on r.upload_id = ${uploadId} and r.row_number = ins.import_row
      where jsonb_typeof(r.data->'pledge') = 'object'
      returning donor_id
    ),
    au as (
      insert into campaign_audit (campaign_id, actor_id, action, details, created_at)
      select ${campaignId}, ${input.actorId}, 'donor.imported',
             jsonb_build_object('entity', 'donor', 'entity_id', ins.id, 'upload_id', ${uploadId}::uuid, 'file_name', ${input.fileName}::text, 'row_number', ins.import_row, 'name', ins.name), ${now}
      from ins
    ),
    done as (
      update upload_rows r set outcome = 'imported', donor_id = ins.id, reason = null
      from ins where r.upload_id = ${uploadId} and r.row_number = ins.import_row
    )
    select import_row from ins`);
  return result.rows.map((r) => Number(r.import_row));
}

export interface ImportedDonation {
  rowNumber: number;
  part: number;
  donorId: string;
  pledgeId: string | null;
  payingDate: string;
  amountCents: number;
  paymentMethod: string;
  checkNumber: string | null;
  referenceNumber: string | null;
  recipient: string | null;
  memo: string | null;
  /** The intermediary the row names (donations.intermediary), else null. */
  intermediary: Intermediary | null;
}

/**
 * Inserts a batch's donations (one per pledge part and one for the rest of each payment) with
 * external_ref `import:<upload>:<row>:<part>` (unique per campaign: a retry writes nothing twice), an
 * audit entry each, and marks their rows 'imported'.
 */
export async function insertImportedDonations(
  tx: Executor,
  input: { uploadId: string; campaignId: string; fileName: string; actorId: string | null; now: Date; donations: ImportedDonation[] },
): Promise<void> {
  const list = input.donations;
  if (list.length === 0) return;
  const { uploadId, campaignId, now } = input;
  const col = <T>(pick: (d: ImportedDonation) => T) => sql.param(list.map(pick));
  await tx.execute(sql`
    with ins as (
      insert into ${donations} (campaign_id, donor_id, pledge_id, paying_date, paid_amount_cents, payment_method, check_number, reference_number, recipient, memo, intermediary,
                                source, external_ref, import_upload_id, import_row, created_by, created_at, updated_at)
      select ${campaignId}, x.donor_id, x.pledge_id, x.paying_date, x.amount, x.method, x.check_number, x.reference, x.recipient, x.memo, x.intermediary,
             'import', 'import:' || ${uploadId}::text || ':' || x.row_number || ':' || x.part, ${uploadId}, x.row_number, ${input.actorId}, ${now}, ${now}
      from unnest(${col((d) => d.donorId)}::uuid[], ${col((d) => d.pledgeId)}::uuid[], ${col((d) => d.payingDate)}::date[], ${col((d) => d.amountCents)}::int[],
                  ${col((d) => d.paymentMethod)}::text[], ${col((d) => d.checkNumber)}::text[], ${col((d) => d.referenceNumber)}::text[], ${col((d) => d.recipient)}::text[],
                  ${col((d) => d.memo)}::text[], ${col((d) => (d.intermediary ? JSON.stringify(d.intermediary) : null))}::jsonb[], ${col((d) => d.rowNumber)}::int[], ${col((d) => d.part)}::int[])
           as x(donor_id, pledge_id, paying_date, amount, method, check_number, reference, recipient, memo, intermediary, row_number, part)
      on conflict (campaign_id, external_ref) where external_ref is not null do nothing
      returning id, donor_id, import_row, paid_amount_cents
    ),
    au as (
      insert into campaign_audit (campaign_id, actor_id, action, details, created_at)
      select ${campaignId}, ${input.actorId}, 'donation.imported',
             jsonb_build_object('entity', 'donation', 'entity_id', ins.id, 'donor_id', ins.donor_id, 'upload_id', ${uploadId}::uuid, 'file_name', ${input.fileName}::text,
                                'row_number', ins.import_row, 'paid_amount_cents', ins.paid_amount_cents), ${now}
      from ins
    )
    update upload_rows r set outcome = 'imported', donor_id = x.donor_id, reason = null
    from (select distinct import_row, donor_id from ins) x
    where r.upload_id = ${uploadId} and r.row_number = x.import_row`);
}

/**
 * Whether this database role may set session_replication_role (a superuser, or GRANT SET ON PARAMETER
 * session_replication_role, PostgreSQL 15+). False when the server cannot tell (older PostgreSQL).
 */
export async function maySetReplicationRole(db: Executor): Promise<boolean> {
  try {
    const result = await db.execute<{ ok: boolean }>(sql`select coalesce(has_parameter_privilege('session_replication_role', 'SET'), false) as ok`);
    return result.rows[0]?.ok === true;
  } catch {
    return false;
  }
}

/**
 * What a batch's rows reference besides what the batch writes or has locked itself: the campaign, the
 * upload, the person who uploaded it, the states its donors name, the pledges its payments go to.
 */
export interface BatchReferences {
  campaignId: string;
  uploadId: string;
  actorId: string | null;
  /** Donor batches: the states their donors name (distinct). */
  states?: string[];
  /** Payment batches: the pledges the donations go to. */
  pledgeIds?: string[];
}

/**
 * Takes, once for the whole batch, the locks PostgreSQL's foreign-key triggers would take row by row
 * (FOR KEY SHARE on every referenced row: nobody can delete one before the batch commits), and answers
 * whether every referenced row exists. Only then may the batch skip those triggers (skipRowChecks).
 */
export async function holdBatchReferences(tx: Executor, refs: BatchReferences): Promise<boolean> {
  const pledgeIds = refs.pledgeIds ?? [];
  const states = refs.states ?? [];
  const result = await tx.execute<{ ok: boolean }>(sql`
    with c as (select id from campaigns where id = ${refs.campaignId} for key share),
    u as (select id from uploads where id = ${refs.uploadId} for key share),
    a as (select id from users where id = ${refs.actorId}::uuid for key share),
    s as (select value from states where value = any(${sql.param(states)}::text[]) for key share),
    p as (select id from pledges where campaign_id = ${refs.campaignId} and id = any(${sql.param(pledgeIds)}::uuid[]) for key share)
    select (select count(*) from c) = 1 and (select count(*) from u) = 1 and (select count(*) from a) = ${refs.actorId === null ? 0 : 1}
       and (select count(*) from s) = ${states.length} and (select count(*) from p) = ${pledgeIds.length} as ok`);
  return result.rows[0]?.ok === true;
}

/**
 * For the rest of the transaction, PostgreSQL's row-by-row foreign-key triggers stay off (replica
 * mode); the book's own triggers fire regardless (migration 0020). Only after holdBatchReferences.
 */
export async function skipRowChecks(tx: Executor): Promise<void> {
  await tx.execute(sql`set local session_replication_role = replica`);
}

/**
 * For the rest of the transaction, what its writes add to the campaign's book totals, and the book
 * version bumps they make, are queued and applied when it commits (migration 0034): the campaign's
 * one totals row and one version row are locked for the commit only, so two batches in flight (or a
 * batch and a manual entry) do not wait for each other's whole transaction.
 */
export async function deferBookTotals(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('cdt.defer_book_totals', 'on', true)`);
}
