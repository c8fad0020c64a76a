/**
 * Reports on a real database: every report's page on the demo book, its three files made by the job
 * (CSV parsed, XLSX opened, PDF read with pdftotext) carrying the same totals as the page, the page
 * figures equal to the dashboard's, titles, filters, the history and tenancy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../domain/donor-book/api-contract';
import type { CycleStatsData, TotalStats } from '../../../domain/donor-book/dashboard-contract';
import {
  REPORT_COLUMNS,
  REPORT_DESCRIPTIONS,
  REPORT_PATHS,
  REPORT_TYPES,
  describeFilter,
  getReportUrl,
  reportDataUrl,
  reportListUrl,
  type ReportData,
  type ReportEntry,
  type ReportFormat,
  type ReportListData,
  type ReportType,
} from '../../../domain/reports/api-contract';
import { COMMITTED_OPEN, DONATIONS_RECEIVED, REFUND_RULE } from '../../../domain/reports/figure-names';
import { activeUser, get, post } from '../../test/auth-helpers';
import { demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, customCampaign, refundInDb } from '../../test/donor-book-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { campaigns, donors, reports } from '../../db/schema';
import { recoverReports, runReport } from './report-job';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const moneyText = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('reports', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  let outsider: Session;
  let outsiderCampaignId: string;
  const work = mkdtempSync(join(tmpdir(), 'cdt-reports-test-'));

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, demoBook: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
    outsider = toSession(await activeUser(t, 'reports-outsider@example.org'));
    outsiderCampaignId = await customCampaign(t, outsider.token);
  }, 60_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t.close();
  });

  async function data(type: ReportType, query = '', campaign = campaignId): Promise<ReportData> {
    const res = await get(t, `${reportDataUrl(campaign, type)}?limit=500${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportData;
  }

  async function file(type: ReportType, format: ReportFormat, filter: Record<string, unknown> = {}, campaign = campaignId): Promise<{ entry: ReportEntry; bytes: Buffer; fileName: string }> {
    const started = await post(t, REPORT_PATHS.start, { campaign_id: campaign, type, format, filter }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const entry = started.json().data as ReportEntry;
    await t.app.jobs.settled();
    const link = await get(t, `${getReportUrl(entry.report_id)}?campaign_id=${campaign}`, owner.token);
    expect(link.statusCode, link.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
    expect(download.statusCode).toBe(200);
    return { entry, bytes: download.rawPayload, fileName: link.json().data.file_name as string };
  }

  it('shows real figures on the demo book that add up with the dashboard', async () => {
    const stats = (await get(t, donorBookPath(DONOR_BOOK_PATHS.totalStats, { campaignId }), owner.token)).json().data as TotalStats;
    expect(stats.donation_count).toBeGreaterThan(0);
    const donation = await data('donation');
    // The dashboard counts the donations not wholly refunded; the report lists every one with its refund.
    expect(donation.rows.filter((r) => Number(r.net_cents) > 0)).toHaveLength(stats.donation_count);
    expect(donation.rows.some((r) => Number(r.net_cents) === 0 && Number(r.refunded_cents) > 0)).toBe(true);
    expect(donation.totals.net_cents).toBe(stats.total_raised_cents);
    expect(donation.totals.amount_cents - donation.totals.refunded_cents).toBe(stats.total_raised_cents);
    expect(donation.rows.reduce((sum, r) => sum + Number(r.net_cents), 0)).toBe(stats.total_raised_cents);
    expect((await data('expense')).totals.amount_cents).toBe(stats.total_spent_cents);
    expect((await data('pledges_receivable')).totals.outstanding_cents).toBe(stats.outstanding_cents);
    expect((await data('donor_history')).totals.given_cents).toBe(stats.total_raised_cents);
    const match = await data('match');
    expect(match.totals.matchable_cents).toBe(stats.matchable_cents);
    expect(match.totals.public_funds_cents).toBe(stats.public_funds_cents);
    // Each donation's matchable part: they add up to the dashboard's, and per donor to the match report's.
    expect(stats.matchable_cents).toBeGreaterThan(0);
    expect(donation.totals.matchable_cents).toBe(stats.matchable_cents);
    const perDonor = new Map<string, number>();
    for (const r of donation.rows) perDonor.set(String(r.donor_id), (perDonor.get(String(r.donor_id)) ?? 0) + Number(r.matchable_cents));
    for (const r of match.rows) expect(perDonor.get(String(r.donor_id)) ?? 0, String(r.donor_name)).toBe(Number(r.matchable_cents));
    expect(donation.rows.some((r) => Number(r.net_cents) > 0 && Number(r.matchable_cents) < Number(r.net_cents) && r.match_reason)).toBe(true);
    expect(donation.rows.every((r) => Number(r.matchable_cents) <= Math.max(0, Number(r.net_cents)))).toBe(true);
    const limits = await data('donor_limit');
    expect(limits.total).toBe(stats.donor_count);
    // A prohibited source ($0 limit) that gave nothing is not "near" its limit.
    const barred = limits.rows.filter((r) => r.limit_cents === 0 && Number(r.aggregate_cents) === 0);
    expect(barred.length).toBeGreaterThan(0);
    expect(new Set(barred.map((r) => r.standing))).toEqual(new Set(['May not give (limit $0)']));
    const near = await data('donor_limit', '&standing=near');
    expect(near.rows.every((r) => Number(r.limit_cents) > 0 && Number(r.aggregate_cents) < Number(r.limit_cents))).toBe(true);
    // Over plus at the limit: the dashboard's donors at their limit.
    const cycle = (await get(t, donorBookPath(DONOR_BOOK_PATHS.cycleStats, { campaignId }), owner.token)).json().data as CycleStatsData;
    const over = await data('donor_limit', '&standing=over');
    const at = await data('donor_limit', '&standing=at');
    expect(at.rows.every((r) => Number(r.aggregate_cents) === Number(r.limit_cents) && r.standing === 'At the limit')).toBe(true);
    expect(over.total + at.total).toBe(cycle.donors_at_limit);
    expect(at.total).toBeGreaterThan(0);
  });

  it("counts a period's matchable amount from the cap filled over the whole cycle (periods add up; they equal the donation report's parts)", async () => {
    const whole = await data('match');
    const days = (await data('donation')).rows
      .filter((r) => Number(r.matchable_cents) > 0)
      .map((r) => String(r.paying_date))
      .sort();
    const split = days[Math.floor(days.length / 2)]!;
    const before = new Date(Date.parse(split) - 86_400_000).toISOString().slice(0, 10);
    const halves = [`&end_date=${before}`, `&start_date=${split}`];
    const sums = { matchable: 0, funds: 0, given: 0 };
    for (const half of halves) {
      const match = await data('match', half);
      const perDonor = new Map<string, number>();
      for (const r of (await data('donation', half)).rows) perDonor.set(String(r.donor_id), (perDonor.get(String(r.donor_id)) ?? 0) + Number(r.matchable_cents));
      for (const r of match.rows) expect(Number(r.matchable_cents), `${String(r.donor_name)} ${half}`).toBe(perDonor.get(String(r.donor_id)) ?? 0);
      expect(match.totals.matchable_cents).toBeGreaterThan(0);
      sums.matchable += match.totals.matchable_cents;
      sums.funds += match.totals.public_funds_cents;
      sums.given += match.totals.paid_cents;
    }
    expect(sums).toEqual({ matchable: whole.totals.matchable_cents, funds: whole.totals.public_funds_cents, given: whole.totals.paid_cents });
  });

  it("lists each donor's history together, in date order, with the running total adding up row by row", async () => {
    for (const sort of ['donor_name', '-donor_name']) {
      const rows = (await data('donor_history', `&sort=${sort}`)).rows;
      expect(rows.length).toBeGreaterThan(20);
      const order = rows.map((r) => String(r.donor_id)).filter((id, i, all) => i === 0 || all[i - 1] !== id);
      expect(new Set(order).size, `${sort}: each donor's rows together`).toBe(order.length);
      const last = new Map<string, { date: string; running: number }>();
      for (const r of rows) {
        const before = last.get(String(r.donor_id));
        expect(String(r.date) >= (before?.date ?? ''), `${sort}: ${String(r.donor_name)} in date order`).toBe(true);
        expect(Number(r.running_given_cents), `${sort}: ${String(r.donor_name)} running total`).toBe((before?.running ?? 0) + Number(r.given_cents));
        last.set(String(r.donor_id), { date: String(r.date), running: Number(r.running_given_cents) });
      }
    }
    // Search finds a donor by e-mail too, as the other reports do, with every event of theirs.
    const all = (await data('donor_history')).rows;
    const [someone] = await t.db.select({ id: donors.id, email: donors.donorEmail }).from(donors).where(and(eq(donors.campaignId, campaignId), isNotNull(donors.donorEmail))).limit(1);
    const found = (await data('donor_history', `&search=${encodeURIComponent(someone!.email!)}`)).rows;
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((r) => r.row_id)).toEqual(all.filter((r) => r.donor_id === someone!.id).map((r) => r.row_id));
  });

  it('writes each report as CSV, XLSX and PDF with the totals shown on screen', async () => {
    // A cell a spreadsheet would run as a formula.
    const first = (await data('donation')).rows[0]!;
    await t.db.update(donors).set({ employer: '=HYPERLINK("http://evil")' }).where(eq(donors.id, String(first.donor_id)));
    for (const type of REPORT_TYPES) {
      const screen = await data(type, type === 'due' ? '&window=next_30' : '');
      const totalColumns = REPORT_COLUMNS[type].filter((c) => c.total);
      const filter = type === 'due' ? { window: 'next_30' } : {};

      const csv = await file(type, 'csv', filter);
      expect(csv.entry.status).toBe('queued');
      expect(csv.fileName).toMatch(/\.csv$/);
      const text = csv.bytes.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = parse(text.slice(1), { relax_column_count: true }) as string[][];
      expect(lines[0]).toEqual(REPORT_COLUMNS[type].map((c) => c.header));
      const totalLine = lines.find((l) => l[0] === 'Total')!;
      expect(totalLine, `${type} CSV totals line`).toBeDefined();
      expect(lines.indexOf(totalLine) - 1).toBe(screen.total);
      if (type === 'donation') {
        // The first line is the page's first row, cell by cell.
        const row = screen.rows[0]!;
        expect(lines[1]).toEqual(
          REPORT_COLUMNS.donation.map((c) => {
            const v = row[c.key];
            if (v === null || v === undefined) return '';
            if (c.kind === 'money') return dollars(Number(v));
            if (c.kind === 'date') return `${String(v).slice(8, 10)}-${String(v).slice(5, 7)}-${String(v).slice(0, 4)}`;
            return c.key === 'employer' ? `'${String(v)}` : String(v);
          }),
        );
        expect(lines[1]![4]).toBe(`'=HYPERLINK("http://evil")`);
      }
      for (const column of totalColumns) {
        const index = REPORT_COLUMNS[type].indexOf(column);
        expect(totalLine[index], `${type} ${column.key}`).toBe(column.kind === 'money' ? dollars(screen.totals[column.key]!) : String(screen.totals[column.key]));
      }

      const xlsx = await file(type, 'xlsx', filter);
      const path = join(work, `${type}.xlsx`);
      writeFileSync(path, xlsx.bytes);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.worksheets[0]!;
      let totalRow: ExcelJS.Row | null = null;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === 'Total' && totalRow === null) totalRow = row;
      });
      expect(totalRow, `${type} XLSX totals row`).not.toBeNull();
      if (type === 'donation' && screen.total > 0) {
        // Row 7 holds the frozen, filtered column headers; the rows follow with real dates and amounts.
        expect(sheet.getRow(7).getCell(1).value).toBe('Date');
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
        const first = sheet.getRow(8);
        expect(first.getCell(1).value).toBeInstanceOf(Date);
        expect(first.getCell(1).numFmt).toBe('dd-mm-yyyy');
        expect(first.getCell(10).value).toBe(Number(screen.rows[0]!.net_cents) / 100);
        expect(first.getCell(10).numFmt).toContain('$');
      }
      for (const column of totalColumns) {
        const cell = totalRow!.getCell(REPORT_COLUMNS[type].indexOf(column) + 1);
        expect(cell.value, `${type} ${column.key}`).toBe(column.kind === 'money' ? screen.totals[column.key]! / 100 : screen.totals[column.key]);
        if (column.kind === 'money') expect(cell.numFmt).toContain('$');
      }

      const pdf = await file(type, 'pdf', filter);
      const pdfPath = join(work, `${type}.pdf`);
      writeFileSync(pdfPath, pdf.bytes);
      const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8');
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfPath]).toString('utf8'))![1]);
      expect(pdfText).toContain(`Page ${pages} of ${pages}`);
      for (const column of totalColumns.filter((c) => c.kind === 'money')) expect(pdfText, `${type} PDF ${column.key}`).toContain(moneyText(screen.totals[column.key]!));
    }
  }, 120_000);

  it('names each figure for what it counts: donations received (a refunded one too) against the dashboard\'s count, committed on open pledges against pledged', async () => {
    const stats = (await get(t, donorBookPath(DONOR_BOOK_PATHS.totalStats, { campaignId }), owner.token)).json().data as TotalStats;
    const donation = await data('donation');
    const received = donation.summary.find((f) => f.key === 'received')!;
    expect(received.label).toBe(DONATIONS_RECEIVED.label);
    expect(received.value).toBe(donation.total);
    const refundedInFull = donation.rows.filter((r) => Number(r.refunded_cents) === Number(r.amount_cents)).length;
    expect(refundedInFull).toBeGreaterThan(0);
    // The dashboard's count leaves out the donations refunded in full; the report's hint says how many it counts.
    expect(Number(received.value) - refundedInFull).toBe(stats.donation_count);
    expect(received.hint).toBe(DONATIONS_RECEIVED.hint(refundedInFull));
    expect(received.hint).toContain(`${refundedInFull} refunded in full and counted here, not on the dashboard`);
    const receivable = await data('pledges_receivable');
    const committed = receivable.summary.find((f) => f.key === 'committed_cents')!;
    expect(committed).toMatchObject({ label: COMMITTED_OPEN.label, hint: COMMITTED_OPEN.hint });
    // Committed on open pledges leaves out the paid-up pledges the dashboard's Pledged counts.
    expect(Number(committed.value)).toBeLessThan(stats.total_pledged_cents);
    expect(REPORT_DESCRIPTIONS.pledges_receivable).toContain(`${COMMITTED_OPEN.label}: ${COMMITTED_OPEN.hint}`);
  });

  it("counts a refund on the refund's own date in the donation report, the donor history and the match report, and says so in the header line", async () => {
    // A campaign of its own: a gift in March refunded in April, a gift in April, a gift in March partly refunded in March.
    const campaign = await customCampaign(t, owner.token);
    const dana = (await addDonor(t, owner.token, campaign, { name: 'Dana Refund', donor_email: 'dana.refund@example.org' })).donor_id;
    const march = (await addDonation(t, owner.token, campaign, dana, { paying_date: '2025-03-10', paid_amount_cents: 50_000 })).donation.donation_id;
    const partly = (await addDonation(t, owner.token, campaign, dana, { paying_date: '2025-03-20', paid_amount_cents: 30_000 })).donation.donation_id;
    await addDonation(t, owner.token, campaign, dana, { paying_date: '2025-04-10', paid_amount_cents: 20_000 });
    await refundInDb(t, march, '2025-04-05', 'Asked back');
    await refundInDb(t, partly, '2025-03-25', 'Over the limit', 10_000);
    await t.app.changes.sync();
    const MARCH = '&start_date=2025-03-01&end_date=2025-03-31';
    const APRIL = '&start_date=2025-04-01&end_date=2025-04-30';

    // March shows the gift whole (its refund is April's); the partial refund of March is March's.
    const inMarch = await data('donation', MARCH, campaign);
    expect(inMarch.totals).toMatchObject({ amount_cents: 80_000, refunded_cents: 10_000, net_cents: 70_000 });
    expect(inMarch.rows.find((r) => r.row_id === march)).toMatchObject({ amount_cents: 50_000, refunded_cents: 0, net_cents: 50_000 });
    // April shows the refund (on the gift's row, no amount received in April) and April's gift.
    const inApril = await data('donation', APRIL, campaign);
    expect(inApril.totals).toMatchObject({ amount_cents: 20_000, refunded_cents: 50_000, net_cents: -30_000 });
    expect(inApril.rows.find((r) => r.row_id === march)).toMatchObject({
      paying_date: '2025-03-10',
      amount_cents: null,
      refunded_cents: 50_000,
      net_cents: -50_000,
      matchable_cents: null,
      match_reason: "Refunded 05-04-2025: the gift was received outside these dates (a refund counts on the refund's own date).",
    });
    expect(inApril.summary.find((f) => f.key === 'received')?.value).toBe(1);
    // The periods add up to the whole.
    const whole = await data('donation', '', campaign);
    expect(whole.totals.net_cents).toBe(40_000);
    expect(inMarch.totals.net_cents + inApril.totals.net_cents).toBe(whole.totals.net_cents);

    // The donor history counts the same way: its given equals the donation report's net in each period.
    expect((await data('donor_history', MARCH, campaign)).totals.given_cents).toBe(inMarch.totals.net_cents);
    expect((await data('donor_history', APRIL, campaign)).totals.given_cents).toBe(inApril.totals.net_cents);
    expect((await data('donor_history', '', campaign)).totals.given_cents).toBe(whole.totals.net_cents);
    // So does the match report's Given.
    expect((await data('match', MARCH, campaign)).totals.paid_cents).toBe(inMarch.totals.net_cents);
    expect((await data('match', APRIL, campaign)).totals.paid_cents).toBe(inApril.totals.net_cents);

    // The header line of the page's report and of the file says the rule.
    for (const type of ['donation', 'donor_history'] as const) expect(describeFilter(type, { start_date: null, end_date: null })).toContain(REFUND_RULE);
    expect(describeFilter('match', { start_date: null, end_date: null })).toContain("Given: refunds count on the refund's own date");
    const xlsx = await file('donation', 'xlsx', { start_date: '2025-04-01', end_date: '2025-04-30' }, campaign);
    const path = join(work, 'refund-rule.xlsx');
    writeFileSync(path, xlsx.bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    let filterLine: unknown = null;
    book.worksheets[0]!.eachRow((row) => {
      if (row.getCell(1).value === 'Filter') filterLine = row.getCell(2).value;
    });
    expect(filterLine).toBe(`Donation date: 01-04-2025 to 30-04-2025 · ${REFUND_RULE}`);
    const csv = parse((await file('donation', 'csv', { start_date: '2025-04-01', end_date: '2025-04-30' }, campaign)).bytes.toString('utf8').slice(1), { relax_column_count: true }) as string[][];
    const header = csv.find((r) => r[0] === 'Date')!;
    const refundRow = csv.find((r) => r[0] === '10-03-2025')!;
    expect(refundRow[header.indexOf('Amount')]).toBe('');
    expect(refundRow[header.indexOf('Refunded')]).toBe('500.00');
    expect(refundRow[header.indexOf('Net')]).toBe('-500.00');
    expect(refundRow[header.indexOf('Not matchable because')]).toMatch(/^Refunded 05-04-2025: /);
  });

  it('shows phones as people write them in every report file (issue 33.14): (718) 555-0102, +44 20 7183 8750', async () => {
    const due = (await data('due', '&window=next_30')).rows.filter((r) => r.donor_phone);
    expect(due.length).toBeGreaterThan(1);
    // The data carries the stored form; one donor abroad.
    const [abroad, ...rest] = due;
    await t.db.update(donors).set({ donorPhone: '+442071838750' }).where(eq(donors.id, String(abroad!.donor_id)));
    const shown = (stored: string) => `(${stored.slice(0, 3)}) ${stored.slice(3, 6)}-${stored.slice(6)}`;
    const usStored = String(rest[0]!.donor_phone);
    expect(usStored).toMatch(/^\d{10}$/);
    const phoneIndex = REPORT_COLUMNS.due.findIndex((c) => c.key === 'donor_phone');

    const csv = parse((await file('due', 'csv', { window: 'next_30' })).bytes.toString('utf8').slice(1), { relax_column_count: true }) as string[][];
    const csvPhones = csv.slice(1).map((l) => l[phoneIndex]);
    expect(csvPhones).toContain(shown(usStored));
    // A leading + is kept from running as a formula, as every CSV text cell is.
    expect(csvPhones).toContain("'+44 20 7183 8750");
    expect(csvPhones).not.toContain(usStored);

    const xlsxPath = join(work, 'due-phones.xlsx');
    writeFileSync(xlsxPath, (await file('due', 'xlsx', { window: 'next_30' })).bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxPath);
    const xlsxPhones: unknown[] = [];
    book.worksheets[0]!.eachRow((row) => void xlsxPhones.push(row.getCell(phoneIndex + 1).value));
    expect(xlsxPhones).toEqual(expect.arrayContaining([shown(usStored), '+44 20 7183 8750']));

    const pdfPath = join(work, 'due-phones.pdf');
    writeFileSync(pdfPath, (await file('due', 'pdf', { window: 'next_30' })).bytes);
    const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8');
    expect(pdfText).toContain(shown(usStored));
    expect(pdfText).toContain('+44 20 7183 8750');

    // Pledges receivable: the contact column (e-mail · phone) on the page and in its files.
    const receivable = await data('pledges_receivable');
    const contacts = receivable.rows.map((r) => String(r.contact ?? ''));
    expect(contacts.some((c) => c.endsWith(' · +44 20 7183 8750'))).toBe(true);
    expect(contacts.some((c) => /\d{10}/.test(c))).toBe(false);
  });

  it('titles files as SPEC §9 says, lists them in the history, and filters by dates', async () => {
    const all = await file('donation', 'csv');
    expect(all.entry.title).toBe('All - Donation Report - CSV File');
    const ranged = await file('donation', 'pdf', { start_date: '2025-01-01', end_date: '2025-12-31', payment_method: '' });
    expect(ranged.entry.title).toBe('01-01-2025 to 31-12-2025 - Donation Report - PDF File');
    // Empty values are stripped from the stored filter.
    expect(ranged.entry.filter).toEqual({ start_date: '2025-01-01', end_date: '2025-12-31' });

    const history = (await get(t, `${reportListUrl(campaignId, 'donation')}?limit=100`, owner.token)).json().data as ReportListData;
    const listed = history.report_list.find((r) => r.report_id === ranged.entry.report_id)!;
    expect(listed).toMatchObject({ status: 'ready', format: 'pdf', title: ranged.entry.title, created_by: { name: expect.any(String) } });
    expect(listed.size_bytes).toBeGreaterThan(0);
    expect(history.report_list.every((r) => r.type === 'donation')).toBe(true);

    const inRange = await data('donation', '&start_date=2025-01-01&end_date=2025-12-31');
    expect(inRange.rows.every((r) => String(r.paying_date) >= '2025-01-01' && String(r.paying_date) <= '2025-12-31')).toBe(true);
    const everything = await data('donation');
    expect(inRange.total).toBe(everything.rows.filter((r) => String(r.paying_date) >= '2025-01-01' && String(r.paying_date) <= '2025-12-31').length);
  });

  it('pages and sorts on the server with the totals of every row', async () => {
    const all = await data('donation', '&sort=net_cents');
    const first = (await get(t, `${reportDataUrl(campaignId, 'donation')}?limit=2&page=1&sort=-net_cents`, owner.token)).json().data as ReportData;
    expect(first.rows).toHaveLength(Math.min(2, all.total));
    expect(first.totals).toEqual(all.totals);
    expect(first.rows[0]!.net_cents).toBe(Math.max(...all.rows.map((r) => Number(r.net_cents))));
    expect((await get(t, `${reportDataUrl(campaignId, 'donation')}?sort=address`, owner.token)).statusCode).toBe(400);
    expect((await get(t, `${reportDataUrl(campaignId, 'nope' as ReportType)}`, owner.token)).statusCode).toBe(400);
    expect((await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'donation', format: 'docx', filter: {} }, owner.token)).statusCode).toBe(400);
    expect((await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'donation', format: 'csv', filter: { start_date: 'yesterday' } }, owner.token)).statusCode).toBe(400);
    expect((await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'donation', format: 'csv', filter: { start_date: '2025-02-01', end_date: '2025-01-01' } }, owner.token)).statusCode).toBe(400);
    expect((await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'donation', format: 'csv', filter: { color: 'red' } }, owner.token)).statusCode).toBe(400);
    // Without SPEC's trailing slash too.
    expect((await post(t, '/donation/start_report', { campaign_id: campaignId, type: 'expense', format: 'csv', filter: {} }, owner.token)).statusCode).toBe(201);
    await t.app.jobs.settled();
  });

  it('keeps reports inside their campaign (404 for others)', async () => {
    const mine = await file('expense', 'csv');
    expect((await get(t, reportDataUrl(campaignId, 'donation'), outsider.token)).statusCode).toBe(404);
    expect((await get(t, reportListUrl(campaignId, 'all'), outsider.token)).statusCode).toBe(404);
    expect((await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'donation', format: 'csv', filter: {} }, outsider.token)).statusCode).toBe(404);
    expect((await get(t, `${getReportUrl(mine.entry.report_id)}?campaign_id=${campaignId}`, outsider.token)).statusCode).toBe(404);
    // Through the outsider's own campaign: the entry is not theirs.
    expect((await get(t, `${getReportUrl(mine.entry.report_id)}?campaign_id=${outsiderCampaignId}`, outsider.token)).statusCode).toBe(404);
    const theirs = (await get(t, reportListUrl(outsiderCampaignId, 'all'), outsider.token)).json().data as ReportListData;
    expect(theirs.report_list).toEqual([]);
    const empty = (await get(t, reportDataUrl(outsiderCampaignId, 'donation'), outsider.token)).json().data as ReportData;
    expect(empty).toMatchObject({ total: 0, rows: [], totals: { amount_cents: 0, refunded_cents: 0, net_cents: 0 } });
  });

  it("gives each donation its part of the donor's match in date order, and follows writes and the campaign's terms", async () => {
    const day = String((await data('donation')).rows.find((r) => Number(r.matchable_cents) > 0)!.paying_date); // a day of the cycle
    const donor = await addDonor(t, owner.token, campaignId, { name: 'Matchsplit Person', city: 'Brooklyn', zip: '11201' });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 20_000, paying_date: day, payment_method: 'check' });
    const first = await data('donation', '&search=Matchsplit');
    expect(first.rows.map((r) => [r.net_cents, r.matchable_cents, r.match_reason])).toEqual([[20_000, 20_000, null]]);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 10_000, paying_date: day, payment_method: 'card' });
    const second = await data('donation', '&search=Matchsplit&sort=amount_cents');
    // The Mayor's $250 cap: the first gift's $200, then $50 of the second.
    expect(second.rows.map((r) => [r.net_cents, r.matchable_cents])).toEqual([
      [10_000, 5_000],
      [20_000, 20_000],
    ]);
    expect(String(second.rows[0]!.match_reason)).toBe('Over the $250.00 matchable per contributor.');
    expect(second.totals.matchable_cents).toBe(25_000);
    const matchRow = (await data('match', '&search=Matchsplit')).rows[0]!;
    expect(matchRow.matchable_cents).toBe(25_000);

    // The campaign leaves the program: nothing is matchable, each donation says why.
    await t.app.db.update(campaigns).set({ participantStatus: 'non_participant' }).where(eq(campaigns.id, campaignId));
    await t.app.changes.sync();
    try {
      const out = await data('donation', '&search=Matchsplit');
      expect(out.rows.map((r) => r.matchable_cents)).toEqual([0, 0]);
      expect(out.rows.every((r) => typeof r.match_reason === 'string' && r.match_reason.length > 0)).toBe(true);
    } finally {
      await t.app.db.update(campaigns).set({ participantStatus: 'participant' }).where(eq(campaigns.id, campaignId));
      await t.app.changes.sync();
    }
    expect((await data('donation', '&search=Matchsplit')).totals.matchable_cents).toBe(25_000);
  });

  it('answers a repeated page from memory and computes again after a write of the book', async () => {
    const before = await data('donation');
    expect(await data('donation')).toEqual(before);
    const donorId = String(before.rows[0]!.donor_id);
    await addDonation(t, owner.token, campaignId, donorId, { paid_amount_cents: 1_234, paying_date: before.rows[0]!.paying_date, payment_method: 'card' });
    const after = await data('donation');
    expect(after.total).toBe(before.total + 1);
    expect(after.totals.amount_cents).toBe(before.totals.amount_cents + 1_234);
  });

  it('resumes a report its instance left running (kill -9: the lock went with it), never one another worker holds', async () => {
    const stale = new Date(Date.now() - 5 * 60_000);
    const insert = async () =>
      (
        await t.db
          .insert(reports)
          .values({ campaignId, type: 'expense', format: 'csv', title: 'All - Expense Report - CSV File', filter: { start_date: null, end_date: null }, sort: '-expense_date', status: 'running', createdBy: owner.userId, updatedAt: stale })
          .returning()
      )[0]!;
    const abandoned = await insert();
    const held = await insert();
    // Another instance is writing `held`: its lock is taken on a connection of its own.
    const holder = await t.pool.connect();
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [`report:${held.id}`]);
    try {
      // A report under way on a live instance (recent) is not a candidate either.
      const recent = await t.db.insert(reports).values({ campaignId, type: 'expense', format: 'csv', title: 'All - Expense Report - CSV File', filter: { start_date: null, end_date: null }, sort: '-expense_date', status: 'running', createdBy: owner.userId }).returning();
      expect(await recoverReports(t.app, { all: false })).toBe(1);
      await t.app.jobs.settled();
      const status = async (id: string) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!.status;
      expect(await status(abandoned.id)).toBe('ready');
      expect(await status(held.id)).toBe('running');
      expect(await status(recent[0]!.id)).toBe('running');
      // The job itself leaves a held report alone too (a second worker does nothing).
      await runReport(t.app, held.id, 1);
      expect(await status(held.id)).toBe('running');
      await t.db.delete(reports).where(eq(reports.id, recent[0]!.id));
    } finally {
      await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`report:${held.id}`]);
      holder.release();
    }
    // Once the holder is gone, the next sweep finishes it.
    expect(await recoverReports(t.app, { all: false })).toBe(1);
    await t.app.jobs.settled();
    expect((await t.db.select().from(reports).where(eq(reports.id, held.id)))[0]!.status).toBe('ready');
  });

  it('marks a file that cannot be made as failed once its attempts are spent, and says so', async () => {
    const [entry] = await t.db
      .insert(reports)
      .values({ campaignId, type: 'donation', format: 'csv', title: 'All - Donation Report - CSV File', filter: { start_date: null, end_date: null }, sort: 'no such column', status: 'queued', createdBy: owner.userId })
      .returning();
    await expect(runReport(t.app, entry!.id, 1)).rejects.toThrow();
    expect((await t.db.select().from(reports).where(eq(reports.id, entry!.id)))[0]!.status).toBe('running');
    await runReport(t.app, entry!.id, 3);
    const [failed] = await t.db.select().from(reports).where(eq(reports.id, entry!.id));
    expect(failed).toMatchObject({ status: 'failed', message: 'This report could not be generated; start it again', fileKey: null });
    const link = await get(t, `${getReportUrl(entry!.id)}?campaign_id=${campaignId}`, owner.token);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ code: 'REPORT_FAILED' });
  });
});
