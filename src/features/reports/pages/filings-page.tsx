import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REGULATORS, type Regulator } from '../../../../domain/compliance/filing-periods';
import type { PrefilingFinding } from '../../../../domain/filings/prefiling-check';
import { formatCents } from '../../../../domain/money';
import { REPORT_FORMATS, type ReportEntry, type ReportFormat } from '../../../../domain/reports/api-contract';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useRemote } from '../../../lib/use-remote';
import { useCampaignId } from '../../../lib/use-campaign';
import { usePageTitle } from '../../../lib/use-page-title';
import { getFilingCheck, getFilingPeriods, startFiling } from '../api/filings-api';
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
  const [historyRefresh, setHistoryRefresh] = useState(0);
  const [started, setStarted] = useState<ReportEntry[]>([]);
  const [starting, setStarting] = useState(false);
  const [format, setFormat] = useState<ReportFormat>('csv');

  const periods = useRemote(campaignId && canRead ? `filing-periods:${campaignId}:${regulator}` : null, () => getFilingPeriods(campaignId, regulator || undefined));
  const chosenRegulator = regulator || periods.data?.regulator || '';
  const chosenPeriod = periodId || periods.data?.current_period_id || '';
  const period = periods.data?.periods.find((p) => p.id === chosenPeriod) ?? null;
  const check = useRemote(campaignId && canRead && chosenRegulator && period ? `filing-check:${campaignId}:${chosenRegulator}:${period.id}` : null, () =>
    getFilingCheck(campaignId, chosenRegulator as Regulator, period!.id),
  );

  const make = async () => {
    if (!chosenRegulator || !period) return;
    setStarting(true);
    try {
      const { entries } = await startFiling({ campaign_id: campaignId, regulator: chosenRegulator, period_id: period.id, ...(chosenRegulator === 'nys_boe' ? { format } : {}) });
      setStarted((current) => [...entries, ...current]);
      setHistoryRefresh((n) => n + 1);
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

  const data = check.data;
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
          {periods.error && !periods.data && <p role="alert">{apiErrorMessage(periods.error)}</p>}
          {periods.data && (
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
                options={periods.data.periods.map((p) => ({ value: p.id, label: `${p.label} (${formatDate(p.start)} – ${formatDate(p.end)})` }))}
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
          {(data || check.loading || check.error) && (
            <>
              <h2 className={styles.sectionTitle}>{t('filings.findings')}</h2>
              {data && data.findings.length > 0 && <p>{t('filings.findingCount', { count: data.findings.length })}</p>}
              <DataTable
                caption={t('filings.findings')}
                columns={columns}
                rows={data?.findings ?? []}
                rowKey={(f) => `${f.rule_id}:${f.donation_id ?? f.expense_id ?? 'campaign'}`}
                loading={check.loading}
                error={check.error && !data ? apiErrorMessage(check.error) : undefined}
                empty={<EmptyState text={t('filings.noFindings')} />}
                scrollsSideways
              />
            </>
          )}
          <ReportHistory campaignId={campaignId} type="filing" refresh={historyRefresh} started={started} />
        </>
      )}
    </>
  );
}
