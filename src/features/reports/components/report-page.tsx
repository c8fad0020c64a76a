import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_COLUMNS, REPORT_DESCRIPTIONS, REPORT_REFUND_RULES, type ReportFormat, type ReportRow, type ReportType } from '../../../../domain/reports/api-contract';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { PageHeader } from '../../../components/page-header';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useCampaignId } from '../../../lib/use-campaign';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportDataQuery, useStartReportMutation } from '../api/reports-api';
import { hasFilters, hasNarrowingFilters, patchReportState, readReportState, reportFilterQuery, withReportState, type ReportStatePatch } from '../report-query';
import { DownloadMenu } from './download-menu';
import { ReportCellView } from './report-cells';
import { cellText } from '../../../../domain/reports/cells';
import { ReportFilters } from './report-filters';
import { ReportHistory } from './report-history';
import { ReportBreakdownTable, ReportSummary } from './report-summary';
import { ReminderButton } from './reminder-button';
import { useUrlParams } from '../../../lib/use-url-params';
import styles from './reports.module.css';

/** The catalogue key of each report's page title (pages.*.title, as in the menu). */
const PAGE_KEYS: Record<ReportType, string> = {
  donation: 'donationReport',
  pledges_receivable: 'pledgesReceivableReport',
  due: 'dueReport',
  donor_limit: 'donorLimitReport',
  donor_history: 'donorHistoryReport',
  match: 'matchReport',
  expense: 'expenseReport',
  intermediary: 'intermediaryReport',
};

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * One report page (SPEC §2 report routes): filters kept in the URL, the summary of every row the
 * filter keeps, a paged and sorted table with a totals row, a Download menu (CSV / XLSX / PDF made
 * by a job) and the history of the files made, with live progress.
 */
export function ReportPage({ type }: { type: ReportType }) {
  const { t } = useTranslation();
  const title = t(`pages.${PAGE_KEYS[type]}.title`);
  usePageTitle(title);
  const campaignId = useCampaignId();
  const canRead = useCan('report.read');
  const canDownload = useCan('report.download');
  const canRemind = useCan('follow_up.write');
  const [params, setParams] = useUrlParams();
  const state = readReportState(type, params);
  const filter = reportFilterQuery(state);
  const query = { ...filter, sort: state.sort, page: state.page, limit: state.limit };
  // Read again on every visit, as the page always was (another tab may have changed the book).
  const data = useReportDataQuery(campaignId && canRead ? { campaignId, type, query } : skipToken, { refetchOnMountOrArgChange: true });
  const report = useCampaignData(data, campaignId);
  const [startReport] = useStartReportMutation();
  const [starting, setStarting] = useState(false);
  const today = localToday();

  // From the URL as it is now, not as this render saw it: two quick changes both land.
  const update = (patch: ReportStatePatch) => setParams((current) => withReportState(type, patchReportState(readReportState(type, current), patch)));

  const download = async (format: ReportFormat) => {
    setStarting(true);
    try {
      // The history shows the new file from this answer and reads its list again (reports-api.ts).
      await startReport({ campaign_id: campaignId, type, format, filter, sort: state.sort }).unwrap();
      notify.info(t('reports.page.preparing'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setStarting(false);
    }
  };

  const reportColumns = REPORT_COLUMNS[type];
  const columns: DataTableColumn<ReportRow>[] = reportColumns.filter((column) => !column.under).map((column, i) => ({
    id: column.key,
    header: column.header,
    cell: (row: ReportRow) => <ReportCellView column={column} row={row} below={reportColumns.filter((c) => c.under === column.key)} />,
    align: column.kind === 'money' || column.kind === 'count' ? ('end' as const) : undefined,
    sortKey: column.unsortable ? undefined : column.key,
    descendingFirst: column.kind !== 'text' && column.kind !== 'phone',
    nowrap: column.kind === 'date' || column.kind === 'money',
    rowHeader: i === 0,
  }));
  if (type === 'due' && canRemind)
    columns.push({
      id: 'remind',
      header: <span className="visually-hidden">{t('reports.page.actions')}</span>,
      cell: (row) => <ReminderButton campaignId={campaignId} row={row} />,
    });

  const footer = report && report.total > 0 && (
    <tr>
      {columns.map((column, i) => {
        const source = reportColumns.find((c) => c.key === column.id);
        return (
          <td key={column.id} className={source && (source.kind === 'money' || source.kind === 'count') ? listStyles.footAmount : undefined}>
            {i === 0 ? <strong>{t('reports.page.total')}</strong> : source?.total ? <strong>{cellText(source, report.totals[source.key] ?? 0)}</strong> : null}
          </td>
        );
      })}
    </tr>
  );

  return (
    <>
      <PageHeader
        title={title}
        context={
          <>
            <span>{REPORT_DESCRIPTIONS[type]}</span>
            {REPORT_REFUND_RULES[type] && <span className={styles.rule}> {REPORT_REFUND_RULES[type]}.</span>}
          </>
        }
        action={campaignId && canDownload && <DownloadMenu onPick={(format) => void download(format)} disabled={starting} />} />
      {campaignId && canRead && (
        <>
          <ReportFilters type={type} state={state} today={today} cycle={report?.cycle ?? null} onChange={update} />
          {report && <ReportSummary figures={report.summary} />}
          {report?.breakdown && <ReportBreakdownTable breakdown={report.breakdown} />}
          <div className={styles.fit}>
            <DataTable
              caption={title}
              columns={columns}
              rows={report?.rows ?? []}
              rowKey={(row) => row.row_id}
              loading={data.isFetching}
              error={data.error && !report ? apiErrorMessage(data.error) : undefined}
              sort={state.sort}
              onSortChange={(sort) => update({ sort })}
              footer={footer || undefined}
              scrollsSideways
              empty={
                <EmptyState
                  text={t(hasNarrowingFilters(state) ? 'reports.empty.filtered' : `reports.empty.${type}`)}
                  action={
                    hasFilters(state) ? (
                      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => update({ start_date: '', end_date: '', clearFilters: true })}>
                        {t('reports.page.clearFilters')}
                      </button>
                    ) : undefined
                  }
                />
              }
            />
          </div>
          {report && report.total > 0 && (
            <Pager page={state.page} pageSize={state.limit} total={report.total} onPageChange={(page) => update({ page })} onPageSizeChange={(limit) => update({ limit, page: 1 })} disabled={data.isFetching} label={t('reports.page.pages')} />
          )}
          <ReportHistory campaignId={campaignId} type={type} />
        </>
      )}
    </>
  );
}
