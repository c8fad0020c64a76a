/**
 * Doing business with the City from the Doing Business Database (issue 35.5), in two steps: the review
 * reads an extract (CSV with a header row) and lists the rows that match a donor of the campaign
 * (domain/donor-book/doing-business-extract.ts: same name and same ZIP or street address), nothing
 * written; the person chooses, and apply marks the chosen donors in one transaction, each with its
 * 'donor.updated' audit entry, and their matchable parts are computed again before it commits.
 */
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { DoingBusinessApplyData, DoingBusinessMatch, DoingBusinessReviewData } from '../../../domain/donor-book/donors-contract';
import { extractColumnsOf, extractMatch, extractRowsOf, nameKey } from '../../../domain/donor-book/doing-business-extract';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { auditBook } from '../book/book-audit';
import { donorsByNameKeys, markDoingBusiness } from './doing-business-repository';
import { keepDonationMatches } from '../book/donation-matches';
import { lockDonors } from './donor-repository';
import { donorNotFound } from './donor-service';
import { donorSnapshot } from './donor-view';

/** The most rows an extract may have. */
const MAX_ROWS = 200_000;

function readRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
  } catch (error) {
    throw fail(400, 'DOING_BUSINESS_FILE_INVALID', { reason: error instanceof Error ? error.message : String(error) });
  }
}

export async function reviewDoingBusiness(app: FastifyInstance, ctx: CampaignContext, fileText: string): Promise<DoingBusinessReviewData> {
  const [header, ...records] = readRecords(fileText);
  if (!header) throw fail(400, 'DOING_BUSINESS_FILE_INVALID', { reason: 'The file is empty.' });
  const found = extractColumnsOf(header);
  if ('problem' in found) throw fail(400, 'DOING_BUSINESS_FILE_INVALID', { reason: found.problem });
  if (records.length > MAX_ROWS) throw fail(400, 'DOING_BUSINESS_FILE_INVALID', { reason: `At most ${MAX_ROWS} rows.` });
  const rows = extractRowsOf(found.columns, records);
  const candidates = await donorsByNameKeys(app.db, ctx.id, [...new Set(rows.map((r) => nameKey(r.name)))]);
  const byName = new Map<string, typeof candidates>();
  for (const donor of candidates) byName.set(nameKey(donor.name), [...(byName.get(nameKey(donor.name)) ?? []), donor]);
  const matches: DoingBusinessMatch[] = [];
  let unmatched = 0;
  for (const row of rows) {
    let any = false;
    for (const donor of byName.get(nameKey(row.name)) ?? []) {
      const how = extractMatch(row, donor);
      if (!how) continue;
      any = true;
      matches.push({
        row_number: row.row_number,
        extract_name: row.name,
        extract_address: row.address,
        extract_zip: row.zip,
        donor_id: donor.id,
        donor_name: donor.name,
        donor_address: donor.address,
        donor_zip: donor.zip,
        matched_by: how,
        already_marked: donor.doingBusiness,
      });
    }
    if (!any) unmatched += 1;
  }
  return { rows: rows.length, unmatched_rows: unmatched, matches };
}

export async function applyDoingBusiness(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, donorIds: string[]): Promise<DoingBusinessApplyData> {
  const ids = [...new Set(donorIds.map((id) => id.toLowerCase()))];
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const before = await lockDonors(tx, ctx.id, ids);
    if (before.length !== ids.length) throw donorNotFound();
    const toMark = before.filter((d) => !d.doingBusiness);
    await markDoingBusiness(tx, ctx.id, toMark.map((d) => d.id), now);
    for (const donor of toMark) {
      await auditBook(
        tx,
        {
          campaignId: ctx.id,
          actorId: auth.id,
          action: 'donor.updated',
          entity: 'donor',
          entityId: donor.id,
          before: donorSnapshot(donor),
          after: donorSnapshot({ ...donor, doingBusiness: true, updatedAt: now }),
          extra: { source: 'doing_business_extract' },
        },
        now,
      );
    }
    await keepDonationMatches(tx, ctx.id);
    return { marked: toMark.length, already_marked: before.length - toMark.length };
  });
}
