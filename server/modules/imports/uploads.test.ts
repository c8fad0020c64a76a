import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PATHS, uploadDownloadUrl, uploadListUrl, type UploadListData } from '../../../domain/imports/api-contract';
import type { DonationListData } from '../../../domain/donor-book/donations-contract';
import type { DonorDetail, DonorListData } from '../../../domain/donor-book/donors-contract';
import { donationMatchDirty, donationMatches, donations, donors, pledges, uploadRows, uploads } from '../../db/schema';
import { get, post } from '../../test/auth-helpers';
import { createCampaign } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, path, P, setUpBook, type DonorBook } from '../../test/donor-book-helpers';
import { act, detail, importRows, localPath, presign, preview, putFile, sendFile, uploadAndValidate } from '../../test/import-helpers';
import { insertImportedDonors } from './import-write-repository';
import { recoverUploads } from './upload-job';

const DONOR_HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';

function donorsCsv(lines: string[]): string {
  return `\uFEFF${[DONOR_HEADER, ...lines].join('\r\n')}\r\n`;
}

describe('bulk upload of donors', () => {
  let b: DonorBook;

  beforeAll(async () => {
    b = await setUpBook('uploads-outsider@example.org');
  });
  afterAll(async () => {
    await b.t.close();
  });

  it('validates every row (duplicates, schema, limit, international), imports only the valid ones with their pledges, audited, and explains the rest', async () => {
    const { t, owner, campaignId } = b;
    await addDonor(t, owner.token, campaignId, { name: 'Already Here', donor_email: 'here@example.org', donor_phone: '2125550100' });
    const csv = donorsCsv([
      `Mary-Jane O'Brien,(212) 555-0142,MaryJane@Example.org,Individual Contributor,Acme,Engineer,New York,02134,Boston,4B,"245 West 72nd Street, Rear",,2025-03-01,"$500.00",Undetermined,`,
      'José Núñez,,jose@example.org,individual,,,NY,10023,New York,,,,01-04-2025,250,p-a,',
      'Bad Email,,not-an-email,Individual,,,,,,,,,,,,',
      'Twin Of Mary,,maryjane@example.org,Individual,,,,,,,,,,,,',
      'Already Again,,here@example.org,Individual,,,,,,,,,,,,',
      'Big Promise,,big@example.org,Individual,,,,,,,,,2025-03-01,"$1,500.00",,',
      'Abroad Company,+44 20 7183 8750,abroad@example.org,Limited Liability Company,,,,,,,,,,,,',
      '=HYPERLINK("http://evil"),,formula@example.org,Individual,,,,,,,,,,,,',
    ]);
    const seen = await preview(t, owner.token, campaignId, 'donor', await sendFile(t, owner.token, campaignId, 'donors.csv', csv), 'donors.csv');
    expect(seen.mapping_source).toBe('template');
    expect(seen.missing_required).toEqual([]);
    expect(seen.detected_type).toBe('donor');

    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donors.csv', csv);
    expect(review.status).toBe('ready');
    expect(review.counts).toEqual({ total: 8, valid: 2, rejected: 4, duplicates: 2, imported: 0 });
    const reasonOf = (row: number) => review.rows.find((r) => r.row_number === row)?.reason;
    expect(reasonOf(2)).toBeNull();
    expect(reasonOf(4)).toBe('Donor email: Please enter a valid email');
    // Every reason starts with its field (issue 33.11), and a duplicate names the contact that matched.
    expect(reasonOf(5)).toBe('Donor email: a donor of this campaign already has this e-mail');
    expect(reasonOf(6)).toBe('Donor email: a donor of this campaign already has this e-mail');
    expect(reasonOf(7)).toMatch(/^Commitment amount: this pledge would take the donor over the donation limit \(room left this cycle: \$[\d,]+\.\d\d\)$/);
    expect(reasonOf(8)).toBe('Contributor type: International donor can only be an Individual Contributor type');
    expect(reasonOf(9)).toMatch(/Name/);
    expect(review.reasons.map((r) => r.reason)).toContain('Donor email: a donor of this campaign already has this e-mail');
    // Nothing is written before "Import".
    expect(await t.db.select().from(donors).where(and(eq(donors.campaignId, campaignId), eq(donors.donorEmail, 'jose@example.org')))).toHaveLength(0);

    const done = await importRows(t, owner.token, campaignId, review.id);
    expect(done.status).toBe('completed_with_errors');
    expect(done.counts).toMatchObject({ imported: 2, rejected: 4, duplicates: 2, valid: 0 });
    const [mary] = await t.db.select().from(donors).where(and(eq(donors.campaignId, campaignId), eq(donors.donorEmail, 'maryjane@example.org')));
    expect(mary).toMatchObject({ name: "Mary-Jane O'Brien", donorPhone: '2125550142', zip: '02134', state: 'new_york', importRow: 2, importUploadId: review.id, pledgedCents: 50_000, outstandingCents: 50_000 });
    expect(await t.db.select().from(pledges).where(eq(pledges.donorId, mary!.id))).toMatchObject([{ commitmentAmountCents: 50_000, commitmentDate: '2025-03-01' }]);
    const [jose] = await t.db.select().from(donors).where(and(eq(donors.campaignId, campaignId), eq(donors.donorEmail, 'jose@example.org')));
    expect(jose).toMatchObject({ name: 'José Núñez', eligibility: 'p-a', state: 'new_york' });
    expect(await t.db.select().from(pledges).where(eq(pledges.donorId, jose!.id))).toMatchObject([{ commitmentAmountCents: 25_000, commitmentDate: '2025-04-01' }]);

    // The donor page says where the donor came from; the audit has one entry per imported donor.
    const page = await get(t, path(P.getDonor, { campaignId, donorId: mary!.id }), owner.token);
    expect((page.json().data as DonorDetail).import_origin).toEqual({ upload_id: review.id, file_name: 'donors.csv', row_number: 2 });
    const audit = await auditOf(t, campaignId, 'donor.imported');
    expect(audit.map((a) => a.details.row_number).sort()).toEqual([2, 3]);
    // The stored figures are the ones the triggers compute (the list reads them).
    const list = await get(t, `${path(P.listDonor, { campaignId })}?search=mary`, owner.token);
    expect((list.json().data as DonorListData).donor_list[0]).toMatchObject({ pledged_cents: 50_000, outstanding_cents: 50_000 });

    // The error report: original columns + row number + reason, formula-like cells neutralised.
    const link = await get(t, uploadDownloadUrl(campaignId, review.id, 'errors'), owner.token);
    expect(link.statusCode, link.body).toBe(200);
    const report = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
    expect(report.statusCode).toBe(200);
    const lines = report.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(`${DONOR_HEADER},row_number,reason`);
    expect(lines).toHaveLength(7);
    expect(lines.find((l) => l.includes('not-an-email'))).toContain(',4,Donor email: Please enter a valid email');
    expect(lines.find((l) => l.includes('formula@example.org'))).toMatch(/^"'=HYPERLINK/);
    const original = await get(t, uploadDownloadUrl(campaignId, review.id, 'original'), owner.token);
    expect((await t.app.inject({ method: 'GET', url: localPath(original.json().data.url as string) })).body).toBe(csv);

    // History lists it with its counts; the same file again imports nothing new and says why.
    const history = await get(t, `${uploadListUrl(campaignId, 'all')}?sort=-created_at`, owner.token);
    const listed = (history.json().data as UploadListData).upload_list.find((u) => u.id === review.id);
    expect(listed).toMatchObject({ file_name: 'donors.csv', type: 'donor', status: 'completed_with_errors', counts: { imported: 2 }, has_error_report: true });
    expect(listed!.created_by.name).toBeTruthy();
    const again = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donors-again.csv', csv);
    expect(again.counts.valid).toBe(0);
    expect(again.same_file_as?.id).toBe(review.id);
    expect(again.rows.find((r) => r.row_number === 2)?.reason).toMatch(/already imported/);
  });

  it('validate only: checks every row and ends without writing anything', async () => {
    const { t, owner, campaignId } = b;
    const csv = donorsCsv(['Only Checked,,checked@example.org,Individual,,,,,,,,,,,,']);
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'check.csv', csv, { validate_only: true });
    expect(review.status).toBe('validated');
    expect(review.counts.valid).toBe(1);
    expect((await act(t, owner.token, campaignId, review.id, 'import')).statusCode).toBe(409);
    expect(await t.db.select().from(donors).where(eq(donors.donorEmail, 'checked@example.org'))).toHaveLength(0);
  });

  it('ambiguous slash dates: the review asks, and revalidating with the other order reads them again', async () => {
    const { t, owner, campaignId } = b;
    const csv = donorsCsv(['Slash Date,,slash@example.org,Individual,,,,,,,,,03/04/2025,100,,']);
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'slash.csv', csv);
    expect(review.date_order_ambiguous).toBe(true);
    expect(review.date_order).toBe('mdy');
    expect((await act(t, owner.token, campaignId, review.id, 'revalidate', { date_order: 'dmy' })).statusCode).toBe(200);
    expect((await detail(t, owner.token, campaignId, review.id)).date_order).toBe('dmy');
    await importRows(t, owner.token, campaignId, review.id);
    const [donor] = await t.db.select().from(donors).where(eq(donors.donorEmail, 'slash@example.org'));
    expect(await t.db.select({ date: pledges.commitmentDate }).from(pledges).where(eq(pledges.donorId, donor!.id))).toEqual([{ date: '2025-04-03' }]);
  });

  it('resumes after a crash from the last committed batch and never writes a row twice', async () => {
    const { t, owner, campaignId } = b;
    const lines = Array.from({ length: 6 }, (_, i) => `Resume Donor ${'ABCDEF'[i]},,resume${i}@example.org,Individual,,,,,,,,,2025-02-01,100,,`);
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'resume.csv', donorsCsv(lines));
    expect(review.counts.valid).toBe(6);
    // A worker began importing and committed its first batch (rows 2–4), then died.
    const now = new Date();
    await t.db.update(uploads).set({ status: 'importing' }).where(eq(uploads.id, review.id));
    await t.db.transaction((tx) => insertImportedDonors(tx, { uploadId: review.id, campaignId, fileName: 'resume.csv', actorId: owner.userId, now, rowNumbers: [2, 3, 4], cycle: null }));
    expect(await recoverUploads(t.app, { all: true })).toBe(1);
    await t.app.jobs.settled();
    const done = await detail(t, owner.token, campaignId, review.id);
    expect(done.status).toBe('completed');
    expect(done.counts.imported).toBe(6);
    const written = await t.db.select({ row: donors.importRow }).from(donors).where(eq(donors.importUploadId, review.id));
    expect(written.map((w) => w.row).sort()).toEqual([2, 3, 4, 5, 6, 7]);
    // Sending the job again does nothing.
    expect(await recoverUploads(t.app, { all: true })).toBe(0);
  });

  it('cancel: a ready upload is cancelled and imports nothing', async () => {
    const { t, owner, campaignId } = b;
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'cancel.csv', donorsCsv(['Never Imported,,never@example.org,Individual,,,,,,,,,,,,']));
    expect((await act(t, owner.token, campaignId, review.id, 'cancel')).json().data.status).toBe('cancelled');
    expect((await act(t, owner.token, campaignId, review.id, 'import')).statusCode).toBe(409);
    expect(await t.db.select().from(donors).where(eq(donors.donorEmail, 'never@example.org'))).toHaveLength(0);
  });

  it('files it cannot read fail with a clear message; refused names and sizes before upload', async () => {
    const { t, owner, campaignId } = b;
    const headerOnly = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'header.csv', donorsCsv([])).catch(() => null);
    // The preview already refuses a header-only file.
    expect(headerOnly).toBeNull();
    const key = await sendFile(t, owner.token, campaignId, 'header.csv', donorsCsv([]));
    const refused = await post(t, UPLOAD_PATHS.preview, { campaign_id: campaignId, type: 'donor', file_key: key, file_name: 'header.csv' }, owner.token);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'IMPORT_FILE_HEADER_ONLY']);
    const xls = await post(t, UPLOAD_PATHS.presignedUrl, { campaign_id: campaignId, file_name: 'old.xls', file_size: 100 }, owner.token);
    expect([xls.statusCode, xls.json().code]).toEqual([422, 'IMPORT_FILE_XLS']);
    const numbers = await post(t, UPLOAD_PATHS.presignedUrl, { campaign_id: campaignId, file_name: 'sheet.numbers', file_size: 100 }, owner.token);
    expect(numbers.json().code).toBe('IMPORT_FILE_NUMBERS');
    const big = await post(t, UPLOAD_PATHS.presignedUrl, { campaign_id: campaignId, file_name: 'big.csv', file_size: 21 * 1024 * 1024 }, owner.token);
    expect([big.statusCode, big.json().code]).toEqual([413, 'IMPORT_FILE_TOO_LARGE']);
    // The signed PUT takes one file, of at most the declared size.
    const signed = await presign(t, owner.token, campaignId, 'small.csv', 10);
    expect((await putFile(t, signed, 'x'.repeat(11))).statusCode).toBe(413);
    expect((await putFile(t, signed, 'name\r\nA\r\n')).statusCode).toBe(201);
    expect((await putFile(t, signed, 'name\r\nB\r\n')).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: localPath(signed.url).replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`), headers: signed.headers, payload: 'x' })).statusCode).toBe(403);
  });

  it('a file that fails part-way through validation leaves no rows to review, only its reason', async () => {
    const { t, owner, campaignId } = b;
    const lines = Array.from({ length: 2_100 }, (_, i) => `Partway Donor ${i},,partway${i}@example.org,Individual,,,,,,,,,,,,`);
    lines.push(`Too Long,,too-long@example.org,Individual,${'x'.repeat(10_001)},,,,,,,,,,,`);
    const failed = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'partway.csv', donorsCsv(lines));
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/10,000 characters \(row 2102\)/);
    expect(failed.rows).toEqual([]);
    expect(await t.db.select().from(uploadRows).where(eq(uploadRows.uploadId, failed.id))).toHaveLength(0);
  });

  it('a value for every row may be given by its label; one that is no choice of its field says so', async () => {
    const { t, owner, campaignId } = b;
    const csv = 'name,donor_email\r\nLabel Default,label.default@example.org\r\n';
    const body = (key: string, value: string) => ({ campaign_id: campaignId, type: 'donor', file_key: key, file_name: 'labels.csv', mapping: { name: 'name', donor_email: 'donor_email' }, options: { defaults: { contributor_type: value } } });
    const wrong = await post(t, UPLOAD_PATHS.bulkUpload, body(await sendFile(t, owner.token, campaignId, 'labels.csv', csv), 'alien'), owner.token);
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'UPLOAD_DEFAULT_INVALID']);
    const right = await post(t, UPLOAD_PATHS.bulkUpload, body(await sendFile(t, owner.token, campaignId, 'labels.csv', csv), 'Individual Contributor'), owner.token);
    expect(right.statusCode, right.body).toBe(201);
    await t.app.jobs.settled();
    const review = await detail(t, owner.token, campaignId, right.json().data.id as string);
    expect(review.counts.valid).toBe(1);
  });

  it("tenancy: another campaign's uploads, files and signed URLs are out of reach", async () => {
    const { t, owner, outsider, campaignId, otherCampaignId } = b;
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'private.csv', donorsCsv(['Private Person,,private@example.org,Individual,,,,,,,,,,,,']));
    for (const url of [uploadListUrl(campaignId, 'all'), uploadDownloadUrl(campaignId, review.id, 'original'), `/donation/get_upload/${campaignId}/${review.id}`]) {
      expect([403, 404]).toContain((await get(t, url, outsider.token)).statusCode);
    }
    // Their own campaign does not find it either.
    expect((await get(t, `/donation/get_upload/${otherCampaignId}/${review.id}`, outsider.token)).statusCode).toBe(404);
    expect((await get(t, uploadDownloadUrl(otherCampaignId, review.id, 'original'), outsider.token)).statusCode).toBe(404);
    const theirs = await get(t, uploadListUrl(otherCampaignId, 'all'), outsider.token);
    expect((theirs.json().data as UploadListData).upload_list.map((u) => u.id)).not.toContain(review.id);
    // A key issued for campaign A cannot be previewed or imported in B.
    const key = await sendFile(t, owner.token, campaignId, 'a.csv', donorsCsv(['Key Of A,,keya@example.org,Individual,,,,,,,,,,,,']));
    const intoB = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: otherCampaignId, type: 'donor', file_key: key, file_name: 'a.csv', mapping: { name: 'name' } }, outsider.token);
    expect([intoB.statusCode, intoB.json().code]).toEqual([404, 'UPLOAD_FILE_MISSING']);
    const peek = await post(t, UPLOAD_PATHS.preview, { campaign_id: otherCampaignId, type: 'donor', file_key: key, file_name: 'a.csv' }, outsider.token);
    expect(peek.statusCode).toBe(404);
    expect((await act(t, outsider.token, otherCampaignId, review.id, 'cancel')).statusCode).toBe(404);
    expect((await t.db.select().from(uploadRows).where(eq(uploadRows.campaignId, otherCampaignId))).length).toBe(0);
  });
});

describe('bulk upload of payments', () => {
  let b: DonorBook;

  beforeAll(async () => {
    b = await setUpBook('payments-outsider@example.org');
  });
  afterAll(async () => {
    await b.t.close();
  });

  it('finds each donor by e-mail or phone, pays open pledges oldest first, and checks the rest as a new gift', async () => {
    const { t, owner, campaignId } = b;
    const ann = await addDonor(t, owner.token, campaignId, { name: 'Ann Payer', donor_email: 'ann@example.org', donor_phone: '2125550111' });
    await addPledge(t, owner.token, campaignId, ann.donor_id, { commitment_date: '2025-02-01', commitment_amount_cents: 30_000 });
    await addPledge(t, owner.token, campaignId, ann.donor_id, { commitment_date: '2025-03-01', commitment_amount_cents: 20_000 });
    const bob = await addDonor(t, owner.token, campaignId, { name: 'Bob Phone', donor_email: null, donor_phone: '2125550122' });
    const csv = [
      'donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone',
      'ANN@example.org,2025-04-01,,"$600.00",Check,',
      ',2025-04-02,,100,card,(212) 555-0122',
      'nobody@example.org,2025-04-03,,50,card,',
      ',2025-04-04,,"$2,000.00",card,212-555-0122',
      'ann@example.org,2030-01-01,,10,card,',
    ].join('\r\n');
    const review = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payments.csv', csv);
    expect(review.counts).toMatchObject({ total: 5, valid: 2, rejected: 3 });
    const reasonOf = (row: number) => review.rows.find((r) => r.row_number === row)?.reason;
    expect(reasonOf(4)).toMatch(/^Donor email: no donor of this campaign/);
    // An over-limit payment speaks of the payment, not a commitment (issue 33.11).
    expect(reasonOf(5)).toMatch(/^Paid amount: this payment would take the donor over the donation limit \(room left this cycle: \$[\d,]+\.\d\d\)$/);
    expect(reasonOf(6)).toMatch(/future/);
    const done = await importRows(t, owner.token, campaignId, review.id);
    expect(done.status).toBe('completed_with_errors');
    const annGifts = await t.db.select().from(donations).where(eq(donations.donorId, ann.donor_id));
    expect(annGifts.map((d) => [d.paidAmountCents, d.pledgeId !== null, d.source, d.paymentMethod]).sort()).toEqual([
      [10_000, false, 'import', 'check'],
      [20_000, true, 'import', 'check'],
      [30_000, true, 'import', 'check'],
    ]);
    const annPage = (await get(t, path(P.getDonor, { campaignId, donorId: ann.donor_id }), owner.token)).json().data as DonorDetail;
    expect(annPage).toMatchObject({ paid_cents: 60_000, outstanding_cents: 0 });
    expect(await t.db.select().from(donations).where(eq(donations.donorId, bob.donor_id))).toHaveLength(1);
    expect((await auditOf(t, campaignId, 'donation.imported')).length).toBe(4);
    // The import computed the new donations' matchable parts: no donor is left for the next read.
    expect(await t.db.select().from(donationMatchDirty).where(eq(donationMatchDirty.campaignId, campaignId))).toEqual([]);
    const matched = await t.db.select().from(donationMatches).where(eq(donationMatches.donorId, ann.donor_id));
    expect(matched.map((m) => m.donationId).sort()).toEqual(annGifts.map((d) => d.id).sort());

    // The same payments again: nothing doubled, re-saved with other line ends and quoting included.
    const again = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payments-copy.csv', csv);
    expect(again.counts.valid).toBe(0);
    expect(again.same_file_as?.id).toBe(review.id);
    const resaved = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payments-resaved.csv', `\uFEFF${csv.replace('"$600.00"', '$600.00').split('\r\n').join('\n')}\n`);
    expect(resaved.counts.valid).toBe(0);
    expect(resaved.same_file_as?.id).toBe(review.id);
    expect(resaved.rows.find((r) => r.row_number === 3)).toMatchObject({ outcome: 'duplicate', reason: expect.stringMatching(/already imported/) });
  });

  it('imports one of two uploads of the same file validated before either was imported; the other is refused and says why', async () => {
    const { t, owner, campaignId } = b;
    const cy = await addDonor(t, owner.token, campaignId, { name: 'Cy Twice', donor_email: 'cy@example.org', donor_phone: '2125550133' });
    const csv = ['donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone', 'cy@example.org,2025-05-01,,25,card,'].join('\r\n');
    const first = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'twin-a.csv', csv);
    const second = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'twin-b.csv', csv);
    expect([first.counts.valid, second.counts.valid]).toEqual([1, 1]);
    // Both asked at once: one import runs, the other is refused.
    const answers = await Promise.all([act(t, owner.token, campaignId, first.id, 'import'), act(t, owner.token, campaignId, second.id, 'import')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('UPLOAD_ALREADY_IMPORTED');
    await t.app.jobs.settled();
    expect(await t.db.select().from(donations).where(eq(donations.donorId, cy.donor_id))).toHaveLength(1);
    expect(((await get(t, path(P.getDonor, { campaignId, donorId: cy.donor_id }), owner.token)).json().data as DonorDetail).paid_cents).toBe(2_500);
  });

  it('stores the intermediary a row names (its name and C-SMART number columns, found by their usual headers); a number without a name is refused', async () => {
    const { t, owner, campaignId } = b;
    const dee = await addDonor(t, owner.token, campaignId, { name: 'Dee Bundled', donor_email: 'bundled@example.org', donor_phone: '2125550166' });
    const csv = [
      'Donor Email,Date,Amount,Method,Check No,Intermediary,C-SMART Intermediary Number',
      'bundled@example.org,2025-05-02,100,Check,311,"  Rosa   Diaz ",ab12',
      'bundled@example.org,2025-05-03,50,card,,,',
      'bundled@example.org,2025-05-04,30,card,,,00417',
    ].join('\r\n');
    const review = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'bundled.csv', csv);
    expect(review.counts).toMatchObject({ total: 3, valid: 2, rejected: 1 });
    expect(review.rows.find((r) => r.row_number === 4)?.reason).toBe("The intermediary's name is required");
    const done = await importRows(t, owner.token, campaignId, review.id);
    expect(done.status).toBe('completed_with_errors');
    const gifts = await t.db.select().from(donations).where(eq(donations.donorId, dee.donor_id));
    expect(gifts.map((d) => [d.payingDate, d.paidAmountCents, d.checkNumber, d.intermediary]).sort()).toEqual([
      ['2025-05-02', 10_000, '311', { name: 'Rosa Diaz', address: null, city: null, state: null, zip: null, employer: null, occupation: null, csmart_number: 'AB12' }],
      ['2025-05-03', 5_000, null, null],
    ]);
    // The donation API answers with it, as for a donation entered by hand.
    const listed = (await get(t, `${path(P.listDonation, { campaignId })}?limit=100`, owner.token)).json().data as DonationListData;
    expect(listed.donation_list.find((d) => d.donor_id === dee.donor_id && d.paid_amount_cents === 10_000)?.intermediary).toMatchObject({ name: 'Rosa Diaz', csmart_number: 'AB12' });
  });

  it('a cancel that lands while a batch commits leaves counts that add up: what was imported before it, and nothing left to import', async () => {
    const { t, owner, campaignId } = b;
    const dee = await addDonor(t, owner.token, campaignId, { name: 'Dee Cancel', donor_email: 'dee@example.org', donor_phone: '2125550144' });
    const csv = ['donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone', 'dee@example.org,2025-05-02,,10,card,', 'dee@example.org,2025-05-03,,abc,card,'].join('\r\n');
    const review = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'cancel-late.csv', csv);
    expect(review.counts).toMatchObject({ total: 2, valid: 1, rejected: 1 });
    // The cancel lands inside the batch's transaction (as a user's click may, between two looks of the job).
    await t.db.execute(sql.raw(`
      create function test_cancel_upload() returns trigger language plpgsql as $$
      begin update uploads set status = 'cancelled', cancel_requested = true where id = '${review.id}'; return null; end $$;
      create trigger test_cancel_upload after insert on donations for each statement execute function test_cancel_upload();
      alter table donations enable always trigger test_cancel_upload;`));
    try {
      expect((await act(t, owner.token, campaignId, review.id, 'import')).statusCode).toBe(200);
      await t.app.jobs.settled();
    } finally {
      await t.db.execute(sql.raw('drop trigger test_cancel_upload on donations; drop function test_cancel_upload();'));
    }
    const after = await detail(t, owner.token, campaignId, review.id);
    expect(after.status).toBe('cancelled');
    expect(after.counts).toMatchObject({ total: 2, imported: 1, valid: 0, rejected: 1 });
    expect(after.has_error_report).toBe(true);
    expect(await t.db.select().from(donations).where(eq(donations.donorId, dee.donor_id))).toHaveLength(1);
  });

  it('keeps only the last part of a file name, without control or text-direction characters', async () => {
    const { t, owner, campaignId } = b;
    const csv = ['donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone', 'nobody-here@example.org,2025-05-01,,5,card,'].join('\r\n');
    const review = await uploadAndValidate(t, owner.token, campaignId, 'payment', '../../etc/pay\u202Evsc.\r\nX-Injected: 1 list.csv', csv);
    expect(review.file_name).toBe('payvsc.X-Injected: 1 list.csv');
  });

  it('a malformed file key is "not uploaded" (404), never a server error', async () => {
    const { t, owner, campaignId } = b;
    for (const key of [`campaigns/${campaignId}/imports/`, `campaigns/${campaignId}/imports/../x.csv`, `campaigns/${campaignId}/imports/a//b.csv`]) {
      const peek = await post(t, UPLOAD_PATHS.preview, { campaign_id: campaignId, type: 'payment', file_key: key, file_name: 'x.csv' }, owner.token);
      expect([peek.statusCode, peek.json().code], key).toEqual([404, 'UPLOAD_FILE_MISSING']);
      const create = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: campaignId, type: 'payment', file_key: key, file_name: 'x.csv', mapping: { donor_email: 'donor_email' } }, owner.token);
      expect([create.statusCode, create.json().code], key).toEqual([404, 'UPLOAD_FILE_MISSING']);
    }
  });

  it('NYC rules apply per row as in manual entry: an LLC is a prohibited source, cash past $100 from one contributor is refused', async () => {
    const { t, owner } = b;
    const nyc = (await createCampaign(t, owner.token, { office_sought: 'mayor', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' })).campaign_id;
    const llc = await uploadAndValidate(
      t,
      owner.token,
      nyc,
      'donor',
      'nyc-donors.csv',
      donorsCsv(['Acme Holdings,,acme@example.org,Limited Liability Company,,,New York,10001,New York,,,,2025-03-01,100,,', 'Nia Cole,,nia@example.org,Individual,,,New York,10001,New York,,,,,,,']),
    );
    expect(llc.rows.map((r) => [r.row_number, r.outcome])).toEqual([
      [2, 'rejected'],
      [3, 'valid'],
    ]);
    expect(llc.rows[0]!.reason).toBe("Contributor type: Contributions from this contributor type are not allowed under the campaign's rules");
    const cash = await addDonor(t, owner.token, nyc, { name: 'Cash Giver', donor_email: 'cash@example.org', donor_phone: '2125550177' });
    await addDonation(t, owner.token, nyc, cash.donor_id, { paid_amount_cents: 8_000, payment_method: 'cash', paying_date: '2025-04-01' });
    const review = await uploadAndValidate(
      t,
      owner.token,
      nyc,
      'payment',
      'cash.csv',
      ['donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone', 'cash@example.org,2025-04-02,,20,Cash,', 'cash@example.org,2025-04-03,,5,Cash,', 'cash@example.org,2025-04-04,,50,Check,'].join('\r\n'),
    );
    // $80 + $20 reaches the cap exactly; one more cash dollar is refused; a check is fine.
    expect(review.rows.map((r) => [r.row_number, r.outcome])).toEqual([
      [2, 'valid'],
      [3, 'rejected'],
      [4, 'valid'],
    ]);
    expect(review.rows[1]!.reason).toMatch(/^Payment method: Cash from one contributor cannot exceed \$100/);
  });
});
