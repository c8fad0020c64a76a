import { useTranslation } from 'react-i18next';
import type { CycleStatsData } from '../../../../domain/donor-book/dashboard-contract';
import { CONTRIBUTOR_TYPE_OPTIONS, labelOf, PAYMENT_METHOD_OPTIONS } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { formatDate } from '../../../lib/format';
import styles from './cycle-figures.module.css';
import tableStyles from './figures-table.module.css';

const numCell = `${tableStyles.num} ${styles.num}`;

interface ShareRow {
  key: string;
  label: string;
  cents: number;
  donors?: number;
}

function ShareTable({ id, title, labelHeading, rows, withDonors }: { id: string; title: string; labelHeading: string; rows: ShareRow[]; withDonors: boolean }) {
  const { t } = useTranslation();
  const total = rows.reduce((sum, r) => sum + r.cents, 0);
  return (
    <div className={styles.share}>
      <h3 id={id} className={styles.subheading}>
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('dashboard.cycle.none')}</p>
      ) : (
        <table className={`${tableStyles.table} ${styles.table}`} aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              {withDonors && (
                <th scope="col" className={numCell}>
                  {t('dashboard.cycle.donors')}
                </th>
              )}
              <th scope="col" className={numCell}>
                {t('dashboard.cycle.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">
                  {r.label}
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ width: `${total > 0 ? Math.max(1, Math.round((r.cents / total) * 100)) : 0}%` }} />
                  </span>
                </th>
                {withDonors && <td className={numCell}>{r.donors ?? 0}</td>}
                <td className={numCell}>{formatCents(r.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The election cycle (cycle-stats): dates, raised and spent in it, donors at their limit, and the splits. */
export function CycleFigures({ cycle }: { cycle: CycleStatsData }) {
  const { t } = useTranslation();
  const byType = cycle.by_contributor_type
    .filter((r) => r.raised_cents !== 0 || r.donor_count !== 0)
    .sort((a, b) => b.raised_cents - a.raised_cents)
    .map((r) => ({ key: r.contributor_type, label: labelOf(CONTRIBUTOR_TYPE_OPTIONS, r.contributor_type), cents: r.raised_cents, donors: r.donor_count }));
  const byMethod = cycle.by_payment_method
    .filter((r) => r.raised_cents !== 0)
    .sort((a, b) => b.raised_cents - a.raised_cents)
    .map((r) => ({ key: r.payment_method, label: labelOf(PAYMENT_METHOD_OPTIONS, r.payment_method), cents: r.raised_cents }));
  return (
    <section className={styles.card} aria-labelledby="cycle-heading">
      <h2 id="cycle-heading" className={styles.heading}>
        {t('dashboard.cycle.title')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('dashboard.cycle.name')}</dt>
          <dd>{cycle.election_cycle ?? t('dashboard.cycle.noCycle')}</dd>
        </div>
        <div>
          <dt>{t('dashboard.cycle.start')}</dt>
          <dd>{formatDate(cycle.start_date) || t('dashboard.cycle.noDates')}</dd>
        </div>
        <div>
          <dt>{t('dashboard.cycle.end')}</dt>
          <dd>{formatDate(cycle.end_date) || t('dashboard.cycle.noDates')}</dd>
        </div>
        <div>
          <dt>{t('dashboard.cycle.raised')}</dt>
          <dd className={styles.num}>{formatCents(cycle.raised_cents)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.cycle.spent')}</dt>
          <dd className={styles.num}>{formatCents(cycle.spent_cents)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.cycle.atLimit')}</dt>
          <dd className={styles.num}>{cycle.donors_at_limit}</dd>
        </div>
      </dl>
      <div className={styles.shares}>
        <ShareTable id="cycle-by-type" title={t('dashboard.cycle.byType')} labelHeading={t('dashboard.cycle.type')} rows={byType} withDonors />
        <ShareTable id="cycle-by-method" title={t('dashboard.cycle.byMethod')} labelHeading={t('dashboard.cycle.method')} rows={byMethod} withDonors={false} />
      </div>
    </section>
  );
}
