import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRemote } from '../../../lib/use-remote';
import { useCampaignId } from '../../../lib/use-campaign';
import { getCycleStats, getMonthlyStats, getTotalStats } from '../api/dashboard-api';
import { CycleFigures } from '../components/cycle-figures';
import { MonthlyChart } from '../components/monthly-chart';
import { StatCards } from '../components/stat-cards';
import styles from './dashboard-page.module.css';

interface DashboardData {
  totals: TotalStats;
  monthly: MonthlyStatsData;
  cycle: CycleStatsData;
}

/** No donor, pledge, donation or expense yet. */
function isEmpty(totals: TotalStats): boolean {
  return totals.donor_count === 0 && totals.donation_count === 0 && totals.total_pledged_cents === 0 && totals.total_spent_cents === 0;
}

async function loadDashboard(campaignId: string): Promise<DashboardData> {
  const [totals, monthly, cycle] = await Promise.all([getTotalStats(campaignId), getMonthlyStats(campaignId), getCycleStats(campaignId)]);
  return { totals, monthly, cycle };
}

/** The selected campaign's totals, the monthly chart and the election cycle (the layout gates dashboard.read). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const title = t('pages.dashboard.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  const stats = useRemote(campaignId || null, () => loadDashboard(campaignId));
  /** Only a successful answer to the current request: 'Try again' shows the loading state, not the old error. */
  const data = stats.loading || stats.error !== null ? null : stats.data;
  const error = stats.loading || stats.error === null ? '' : apiErrorMessage(stats.error);

  return (
    <>
      <PageHeader title={title} context={t('pages.dashboard.context')} />
      {error && (
        <FormAlert>
          <p>{error}</p>
          <p>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={stats.reload}>
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
