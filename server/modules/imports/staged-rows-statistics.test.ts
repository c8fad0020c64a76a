import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customCampaign, setUpBook, type DonorBook } from '../../test/donor-book-helpers';
import { importRows, uploadAndValidate } from '../../test/import-helpers';

const DONOR_HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';

function donorFile(prefix: string, count: number): string {
  const lines = [DONOR_HEADER];
  for (let i = 0; i < count; i++) lines.push(`${prefix} Person,,${prefix}${i}@example.org,Individual,,,New York,10001,New York,,,,2025-02-01,${1 + (i % 9)}.00,,`);
  return lines.join('\r\n');
}

/** What the planner believes `select … from upload_rows where upload_id = $1` returns. */
async function plannedRows(book: DonorBook, uploadId: string): Promise<number> {
  const result = await book.t.db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select row_number from upload_rows where upload_id = ${uploadId}::uuid`,
  );
  return result.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}

// Issue 32, "no stalled first batch": statistics of upload_rows taken before an upload's rows were
// staged say its id has no rows; the import's batch statements then join their donors back to the
// staged rows as nested loops over every row of the upload (EXPLAIN in docs/speed-imports.md).
describe('the staged rows of an upload are known to the planner before it is imported', () => {
  let book: DonorBook;

  beforeAll(async () => {
    book = await setUpBook('staged-statistics-outsider@example.org');
    // The worst case, made certain: autovacuum has not come by since the rows were staged.
    await book.t.db.execute(sql`alter table upload_rows set (autovacuum_enabled = false)`);
  });
  afterAll(async () => book.t.close());

  it('after another upload was analyzed, a new upload of 3,000 rows is planned as 3,000 rows, not 1, and imports whole', async () => {
    const { t, owner } = book;
    const earlier = await uploadAndValidate(t, owner.token, await customCampaign(t, owner.token), 'donor', 'earlier.csv', donorFile('early', 400));
    expect(earlier.counts).toMatchObject({ valid: 400 });
    // Statistics as autovacuum leaves them once the earlier file is staged: only its upload id is known.
    await t.db.execute(sql`analyze upload_rows`);

    const review = await uploadAndValidate(t, owner.token, book.campaignId, 'donor', 'later.csv', donorFile('late', 3_000));
    expect(review.counts).toMatchObject({ total: 3_000, valid: 3_000 });
    const planned = await plannedRows(book, review.id);
    expect(planned).toBeGreaterThanOrEqual(1_500);
    expect(planned).toBeLessThanOrEqual(6_000);

    const done = await importRows(t, owner.token, book.campaignId, review.id);
    expect(done.counts).toMatchObject({ imported: 3_000, valid: 0, rejected: 0, duplicates: 0 });
  });
});
