/**
 * Report PDFs of the demo book, made by the job and read with pdftotext as an auditor reads them: in
 * the donation report, every value of the rows with the longest address, the longest employer and
 * the longest donor name is printed whole (wrapped within its cell, never cut); the match report
 * prints each contributor's values and its threshold table under that table's own header.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, REPORT_PATHS, getReportUrl, reportDataUrl, type ReportData, type ReportEntry, type ReportRow, type ReportType } from '../../../domain/reports/api-contract';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { localPath } from '../../test/import-helpers';
import { escapeRegExp, pdfPages, pdfText, rowBlocks, wholeInRow } from '../../test/pdf-text-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { cellText, dayText } from '../../../domain/reports/cells';

describe('report PDFs of the demo book', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const work = mkdtempSync(join(tmpdir(), 'cdt-report-pdfs-test-'));

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, demoBook: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  }, 60_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t.close();
  });

  async function allRows(type: ReportType): Promise<ReportRow[]> {
    const res = await get(t, `${reportDataUrl(campaignId, type)}?limit=500`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ReportData;
    expect(data.rows.length).toBe(data.total);
    return data.rows;
  }

  /** The report's PDF, made by the job, as pdftotext -layout reads it. */
  async function pdf(type: ReportType): Promise<{ text: string; pages: number }> {
    const started = await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type, format: 'pdf', filter: {} }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const entry = started.json().data as ReportEntry;
    await t.app.jobs.settled();
    const link = await get(t, `${getReportUrl(entry.report_id)}?campaign_id=${campaignId}`, owner.token);
    expect(link.statusCode, link.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
    expect(download.statusCode).toBe(200);
    const path = join(work, `${type}.pdf`);
    writeFileSync(path, download.rawPayload);
    return { text: pdfText(path), pages: pdfPages(path) };
  }

  const longest = (rows: ReportRow[], key: string) => rows.reduce((best, row) => (String(row[key] ?? '').length > String(best[key] ?? '').length ? row : best));

  /** The values of `row` the file does not print whole (none when the row is printed right). */
  function notWhole(text: string, type: ReportType, row: ReportRow, first: RegExp): string[] {
    const values = REPORT_COLUMNS[type].map((c) => cellText(c, row[c.key])).filter((v) => v !== '');
    const blocks = rowBlocks(text, first);
    if (blocks.some((block) => values.every((value) => wholeInRow(block, value)))) return [];
    return values.filter((value) => !blocks.some((block) => wholeInRow(block, value)));
  }

  it('prints every value of the rows with the longest address, employer and donor name whole in the donation report', async () => {
    const rows = await allRows('donation');
    const picked = ['address', 'employer', 'donor_name'].map((key) => longest(rows, key));
    // The demo book's longest values do not fit their columns on one line: the test reads wrapped cells.
    expect(String(picked[0]!.address).length).toBeGreaterThan(40);
    const { text, pages } = await pdf('donation');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).not.toContain('…');
    for (const row of picked) {
      const first = new RegExp(`^\\s*${dayText(String(row.paying_date))}\\s+${escapeRegExp(String(row.donor_name).split(' ')[0]!)}`);
      expect(notWhole(text, 'donation', row, first), `${row.donor_name}, ${row.paying_date}`).toEqual([]);
    }
  });

  it('prints the match report’s contributors whole and its threshold table under its own header', async () => {
    const rows = await allRows('match');
    const picked = ['donor_name', 'residence', 'reason'].map((key) => longest(rows, key));
    const { text } = await pdf('match');
    expect(text).not.toContain('…');
    for (const row of picked) {
      const first = new RegExp(`^\\s*${escapeRegExp(String(row.donor_name).split(' ')[0]!)}\\s`);
      expect(notWhole(text, 'match', row, first), String(row.donor_name)).toEqual([]);
    }
    const lines = text.split('\n');
    const head = lines.findIndex((line) => /^\s*Requirement\s+Needed\s+So far\s+Status\s+Rule and source/.test(line));
    expect(head).toBeGreaterThan(0);
    const title = lines.findIndex((line) => line.includes('Program threshold and public-funds cap'));
    expect(title).toBeGreaterThanOrEqual(0);
    expect(title).toBeLessThan(head);
    expect(lines.slice(head + 1).some((line) => /^\s*Matchable contributors/.test(line))).toBe(true);
  });
});
