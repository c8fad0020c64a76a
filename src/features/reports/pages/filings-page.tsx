import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REGULATORS, type Regulator } from '../../../../domain/compliance/filing-periods';
import type { PrefilingFinding } from '../../../../domain/filings/prefiling-check';
import { formatCents } from '../../../../domain/money';
import { REPORT_FORMATS, type ReportFormat } from '../../../../domain/reports/api-contract';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useCampaignId } from '../../../lib/use-campaign';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFilingCheckQuery, useFilingPeriodsQuery, useStartFilingMutation } from '../api/filings-api';
import { ReportHistory } from '../components/report-history';
import styles from '../components/reports.module.css';

/**
 * Filings (issue 35): choose the regulator and the disclosure period, read the pre-filing check (each
 * finding with the page that fixes it), make the file. The files are made by the report job recipe and
 * listed under Generated files with their companion sheet.
 */
export default function FilingsPage() {
  const { t } = useTranslation();
  const title = t('pages.filings.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  const canRead = useCan('report.read');
  const canDownload = useCan('report.download');
  const [regulator, setRegulator] = useState<Regulator | ''>('');
  const [periodId, setPeriodId] = useState('');
  const [starting, setStarting] = useState(false);
  const [format, setFormat] = useState<ReportFormat>('csv');

  // Read again on every visit, as the page always was (the check follows the book).
  const periodsResult = useFilingPeriodsQuery(campaignId && canRead ? { campaignId, ...(regulator ? { regulator } : {}) } : skipToken, { refetchOnMountOrArgChange: true });
  const periodsData = useCampaignData(periodsResult, campaignId);
  const chosenRegulator = regulator || periodsData?.regulator || '';
  const chosenPeriod = periodId || periodsData?.current_period_id || '';
  const period = periodsData?.periods.find((p) => p.id === chosenPeriod) ?? null;
  const checkResult = useFilingCheckQuery(campaignId && canRead && chosenRegulator && period ? { campaignId, regulator: chosenRegulator, periodId: period.id } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const data = useCampaignData(checkResult, campaignId);
  const [startFiling] = useStartFilingMutation();

  const make = async () => {
    if (!chosenRegulator || !period) return;
    setStarting(true);
    try {
      // The history shows the new files from this answer and reads its list again (filings-api.ts).
      await startFiling({ campaign_id: campaignId, regulator: chosenRegulator, period_id: period.id, ...(chosenRegulator === 'nys_boe' ? { format } : {}) }).unwrap();
      notify.success(t('filings.started'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setStarting(false);
    }
  };

  const columns: DataTableColumn<PrefilingFinding>[] = [
    { id: 'severity', header: t('filings.columns.severity'), nowrap: true, cell: (f) => t(`filings.severity.${f.severity}`) },
    { id: 'donor', header: t('filings.columns.donor'), rowHeader: true, cell: (f) => f.donor_name ?? '—' },
    { id: 'date', header: t('filings.columns.date'), nowrap: true, cell: (f) => (f.date ? formatDate(f.date) : '') },
    { id: 'amount', header: t('filings.columns.amount'), align: 'end', nowrap: true, cell: (f) => (f.amount_cents === null ? '' : formatCents(f.amount_cents)) },
    {
      id: 'problem',
      header: t('filings.columns.problem'),
      cell: (f) => (
        <span className={listStyles.stack}>
          <span>{f.message}</span>
          <span className={listStyles.muted}>{f.detail}</span>
        </span>
      ),
    },
    {
      id: 'fix',
      header: t('filings.columns.fix'),
      nowrap: true,
      cell: (f) => (
        <Link to={f.fix_path}>{f.expense_id || f.kind === 'payee_address' ? t('filings.fixExpenses') : f.donor_name ? t('filings.fixDonor', { name: f.donor_name }) : t('filings.fixCampaign')}</Link>
      ),
    },
  ];

  const action =
    campaignId && canDownload && period ? (
      <button type="button" className={buttonStyles.button} onClick={() => void make()} disabled={starting || !data}>
        {starting ? t('filings.making') : t('filings.make')}
      </button>
    ) : null;

  return (
    <>
      <PageHeader title={title} context={t('pages.filings.context')} action={action} />
      {campaignId && canRead && (
        <>
          {periodsResult.error && !periodsData && <p role="alert">{apiErrorMessage(periodsResult.error)}</p>}
          {periodsData && (
            <div className={styles.filters}>
              <SelectField
                label={t('filings.regulator')}
                value={chosenRegulator}
                options={REGULATORS.map((r) => ({ value: r, label: t(`filings.regulators.${r}`) }))}
                onChange={(e) => {
                  setRegulator(e.target.value as Regulator);
                  setPeriodId('');
                }}
              />
              <SelectField
                label={t('filings.period')}
                value={chosenPeriod}
                options={periodsData.periods.map((p) => ({ value: p.id, label: `${p.label} (${formatDate(p.start)} – ${formatDate(p.end)})` }))}
                onChange={(e) => setPeriodId(e.target.value)}
              />
              {chosenRegulator === 'nys_boe' && (
                <SelectField
                  label={t('filings.format')}
                  value={format}
                  options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`reports.download.${f}`) }))}
                  onChange={(e) => setFormat(e.target.value as ReportFormat)}
                />
              )}
            </div>
          )}
          {period && (
            <p>
              {t('filings.periodDates', { start: formatDate(period.start), end: formatDate(period.end), due: formatDate(period.due) })}
              {!period.confirmed && <span className={listStyles.muted}> {t('filings.notConfirmed')}</span>}
            </p>
          )}
          {data && (
            <p>
              {t('filings.summary', { count: data.in_file_count, amount: formatCents(data.in_file_cents) })}.{' '}
              {t('filings.files', { files: data.files.map((f) => t(`filings.file.${f}`)).join(', ') })}
            </p>
          )}
          {(data || checkResult.isFetching || checkResult.error) && (
            <>
              <h2 className={styles.sectionTitle}>{t('filings.findings')}</h2>
              {data && data.findings.length > 0 && <p>{t('filings.findingCount', { count: data.findings.length })}</p>}
              <DataTable
                caption={t('filings.findings')}
                columns={columns}
                rows={data?.findings ?? []}
                rowKey={(f) => `${f.rule_id}:${f.donation_id ?? f.expense_id ?? 'campaign'}`}
                loading={checkResult.isFetching}
                error={checkResult.error && !data ? apiErrorMessage(checkResult.error) : undefined}
                empty={<EmptyState text={t('filings.noFindings')} />}
                scrollsSideways
              />
            </>
          )}
          <ReportHistory campaignId={campaignId} type="filing" />
        </>
      )}
    </>
  );
}
