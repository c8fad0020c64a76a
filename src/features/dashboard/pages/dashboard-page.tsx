import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../../../domain/donor-book/api-contract';
import { useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { getCycleStats, getMonthlyStats, getTotalStats } from '../api/dashboard-api';
import { CycleFigures } from '../components/cycle-figures';
import { MonthlyChart } from '../components/monthly-chart';
import { StatCards } from '../components/stat-cards';
import styles from './dashboard-page.module.css';
import { selectSelectedCampaignId } from '../../../app/campaign-selectors';

interface DashboardData {
  totals: TotalStats;
  monthly: MonthlyStatsData;
  cycle: CycleStatsData;
}

/** No donor, pledge, donation or expense yet. */
function isEmpty(totals: TotalStats): boolean {
  return totals.donor_count === 0 && totals.donation_count === 0 && totals.total_pledged_cents === 0 && totals.total_spent_cents === 0;
}

/** The selected campaign's totals, the monthly chart and the election cycle (the layout gates dashboard.read). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const title = t('pages.dashboard.title');
  usePageTitle(title);
  const selectedId = useAppSelector(selectSelectedCampaignId);
  const campaignId = selectedId === null ? '' : String(selectedId);
  const [reload, setReload] = useState(0);
  const requestKey = `${campaignId}#${reload}`;
  const [result, setResult] = useState<{ key: string; data: DashboardData | null; error: string } | null>(null);
  const current = result?.key === requestKey ? result : null;
  const data = current?.data ?? null;
  const error = current?.error ?? '';

  useEffect(() => {
    if (!campaignId) return;
    let cancelled = false;
    Promise.all([getTotalStats(campaignId), getMonthlyStats(campaignId), getCycleStats(campaignId)]).then(
      ([totals, monthly, cycle]) => !cancelled && setResult({ key: requestKey, data: { totals, monthly, cycle }, error: '' }),
      (err: unknown) => !cancelled && setResult({ key: requestKey, data: null, error: apiErrorMessage(err) }),
    );
    return () => {
      cancelled = true;
    };
  }, [campaignId, requestKey]);

  return (
    <>
      <PageHeader title={title} context={t('pages.dashboard.context')} />
      {error && (
        <FormAlert>
          <p>{error}</p>
          <p>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => setReload((n) => n + 1)}>
              {t('dashboard.retry')}
            </button>
          </p>
        </FormAlert>
      )}
      {!data && !error && <LoadingOverlay inline />}
      {data && isEmpty(data.totals) && (
        <section className={styles.empty} aria-labelledby="dashboard-empty">
          <h2 id="dashboard-empty" className={styles.emptyTitle}>
            {t('dashboard.empty.title')}
          </h2>
          <p className={styles.emptyText}>{t('dashboard.empty.text')}</p>
          <Link className={`${buttonStyles.button} ${buttonStyles.primary}`} to={paths.donorList}>
            {t('dashboard.empty.action')}
          </Link>
        </section>
      )}
      {data && !isEmpty(data.totals) && (
        <>
          <StatCards stats={data.totals} />
          <MonthlyChart stats={data.monthly.monthly_stats} />
          <CycleFigures cycle={data.cycle} />
        </>
      )}
    </>
  );
}
