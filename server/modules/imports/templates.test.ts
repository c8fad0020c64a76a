import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplateUrl } from '../../../domain/imports/templates';
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

  it('reads both templates as downloaded: the donor example is valid, then the payment example pays that donor', async () => {
    const donors = await get(t, importTemplateUrl(campaignId, 'donor', 'csv'), owner.token);
    const donorReview = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donor-template.csv', donors.body);
    expect(donorReview.rows.map((r) => [r.outcome, r.reason])).toEqual([['valid', null]]);
    await importRows(t, owner.token, campaignId, donorReview.id);
    const payments = await get(t, importTemplateUrl(campaignId, 'payment', 'xlsx'), owner.token);
    const paymentReview = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payment-template.xlsx', payments.rawPayload);
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
