import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId } from '../../../lib/use-campaign';
import { useCycleStatsQuery, useMonthlyStatsQuery, useTotalStatsQuery } from '../api/dashboard-api';
import { CycleFigures } from '../components/cycle-figures';
import { MonthlyChart } from '../components/monthly-chart';
import { StatCards } from '../components/stat-cards';
import styles from './dashboard-page.module.css';

/** No donor, pledge, donation or expense yet. */
function isEmpty(totals: TotalStats): boolean {
  return totals.donor_count === 0 && totals.donation_count === 0 && totals.total_pledged_cents === 0 && totals.total_spent_cents === 0;
}

/** The selected campaign's totals, the monthly chart and the election cycle (the layout gates dashboard.read). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const title = t('pages.dashboard.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  // Read again on every visit, as the page always was: the figures follow every write.
  const fresh = { refetchOnMountOrArgChange: true };
  const queries = [
    useTotalStatsQuery(campaignId || skipToken, fresh),
    useMonthlyStatsQuery(campaignId ? { campaignId } : skipToken, fresh),
    useCycleStatsQuery(campaignId || skipToken, fresh),
  ] as const;
  const [totals, monthly, cycle] = queries;
  const loading = queries.some((q) => q.isFetching);
  const failed = queries.find((q) => q.error !== undefined);
  /** Only a successful answer to the current request: 'Try again' shows the loading state, not the old error. */
  const data =
    loading || failed || !totals.currentData || !monthly.currentData || !cycle.currentData ? null : { totals: totals.currentData, monthly: monthly.currentData, cycle: cycle.currentData };
  const error = loading || !failed ? '' : apiErrorMessage(failed.error);
  const retry = () => {
    for (const q of queries) void q.refetch();
  };

  return (
    <>
      <PageHeader title={title} context={t('pages.dashboard.context')} />
      {error && (
        <FormAlert>
          <p>{error}</p>
          <p>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={retry}>
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
