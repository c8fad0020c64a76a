import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORT_TYPES, EXAMPLE_ROW_SKIPPED, importTemplateUrl, TEMPLATE_EXAMPLE_MARK, TEMPLATE_FORMATS, templateFileName } from '../../../domain/imports/templates';
import { donations, donors } from '../../db/schema';
import { get } from '../../test/auth-helpers';
import { importRows, uploadAndValidate } from '../../test/import-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('import templates', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("CSV: SPEC §3's donor columns in order and one example row, as an attachment", async () => {
    const res = await get(t, importTemplateUrl(campaignId, 'donor', 'csv'), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('donor-import-template.csv');
    const [header, example] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient');
    expect(example).toContain('maryjane@example.org');
    const payment = await get(t, importTemplateUrl(campaignId, 'payment', 'csv'), owner.token);
    expect(payment.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone');
  });

  it('uploads each template as downloaded: its example row is reported "Example row, skipped", nothing refused, nothing imported (issue 33.7)', async () => {
    const count = async () => ({
      donors: (await t.db.select({ id: donors.id }).from(donors).where(eq(donors.campaignId, campaignId))).length,
      donations: (await t.db.select({ id: donations.id }).from(donations).where(eq(donations.campaignId, campaignId))).length,
    });
    const before = await count();
    for (const type of IMPORT_TYPES) {
      for (const format of TEMPLATE_FORMATS) {
        const what = `${type} ${format}`;
        const template = await get(t, importTemplateUrl(campaignId, type, format), owner.token);
        expect(template.statusCode, what).toBe(200);
        const review = await uploadAndValidate(t, owner.token, campaignId, type, templateFileName(type, format), format === 'csv' ? template.body : template.rawPayload);
        expect(review.rows.map((r) => [r.outcome, r.reason]), what).toEqual([['skipped', EXAMPLE_ROW_SKIPPED]]);
        expect(review.reasons, what).toEqual([{ reason: EXAMPLE_ROW_SKIPPED, count: 1 }]);
        expect(review.counts, what).toEqual({ total: 1, valid: 0, rejected: 0, duplicates: 0, imported: 0 });
        expect(review.has_error_report, what).toBe(false);
        const done = await importRows(t, owner.token, campaignId, review.id);
        expect([done.status, done.counts.imported, done.rows[0]!.outcome], what).toEqual(['completed', 0, 'skipped']);
      }
    }
    // Nothing was imported from the examples.
    expect(await count()).toEqual(before);
  }, 120_000);

  it('an example row with its mark taken out reads as it says: the donor example is valid, then the payment example pays that donor', async () => {
    const unmarked = (text: string) => text.replace(TEMPLATE_EXAMPLE_MARK, '');
    const donorCsv = await get(t, importTemplateUrl(campaignId, 'donor', 'csv'), owner.token);
    const donorReview = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donor-template.csv', unmarked(donorCsv.body));
    expect(donorReview.rows.map((r) => [r.outcome, r.reason])).toEqual([['valid', null]]);
    await importRows(t, owner.token, campaignId, donorReview.id);
    const paymentCsv = await get(t, importTemplateUrl(campaignId, 'payment', 'csv'), owner.token);
    const paymentReview = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payment-template.csv', unmarked(paymentCsv.body));
    expect(paymentReview.rows.map((r) => [r.outcome, r.reason])).toEqual([['valid', null]]);
  });

  it("XLSX: the columns, the example, dropdowns for the enumerations, and Instructions with the campaign's limit", async () => {
    const res = await t.app.inject({ method: 'GET', url: importTemplateUrl(campaignId, 'donor', 'xlsx'), headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Donors')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toHaveLength(16);
    expect(sheet.getCell('A1').value).toBe('name');
    expect(sheet.getCell('D2').value).toBe('Individual Contributor');
    expect(sheet.getCell('D3').dataValidation).toMatchObject({ type: 'list' }); // contributor_type
    expect(sheet.getCell('G3').dataValidation).toMatchObject({ type: 'list' }); // state
    expect(sheet.getCell('O3').dataValidation).toMatchObject({ type: 'list' }); // eligibility
    expect(sheet.getCell('A3').dataValidation).toBeUndefined();
    const help = book.getWorksheet('Instructions')!;
    const text = help.getSheetValues().flat().filter((v) => typeof v === 'string').join('\n');
    expect(text).toContain('Friends of Demo Candidate');
    expect(text).toContain('$2,100.00 per individual contributor for the 2029 election cycle');
    expect(text).toContain('commitment_amount');

    const payments = await t.app.inject({ method: 'GET', url: importTemplateUrl(campaignId, 'payment', 'xlsx'), headers: { authorization: `Bearer ${owner.token}` } });
    const paymentBook = new ExcelJS.Workbook();
    await paymentBook.xlsx.load(payments.rawPayload as unknown as ArrayBuffer);
    expect(paymentBook.getWorksheet('Payments')!.getCell('E3').dataValidation).toMatchObject({ type: 'list' }); // payment_method
  });

  it('refuses an unknown type or format, and anonymous callers (the authorization matrix covers the roles)', async () => {
    expect((await get(t, `/donation/import_template/${campaignId}/pledge/csv`, owner.token)).statusCode).toBe(400);
    expect((await get(t, `/donation/import_template/${campaignId}/donor/pdf`, owner.token)).statusCode).toBe(400);
    expect((await get(t, importTemplateUrl(campaignId, 'donor', 'csv'), '')).statusCode).toBe(401);
  });
});
