import { useTranslation } from 'react-i18next';
import type { TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import { formatCents } from '../../../../domain/money';
import styles from './stat-cards.module.css';

interface Card {
  key: string;
  value: string;
  hint?: string;
  tone?: 'accent' | 'negative';
}

/** The campaign's totals (total-stats) as a grid of labelled figures. */
export function StatCards({ stats }: { stats: TotalStats }) {
  const { t } = useTranslation();
  const count = new Intl.NumberFormat('en-US');
  const cards: Card[] = [
    { key: 'raised', value: formatCents(stats.total_raised_cents), hint: t('dashboard.cards.raisedHint', { count: stats.donation_count }), tone: 'accent' },
    { key: 'pledged', value: formatCents(stats.total_pledged_cents), hint: t('dashboard.cards.pledgedHint') },
    { key: 'outstanding', value: formatCents(stats.outstanding_cents), hint: t('dashboard.cards.outstandingHint') },
    { key: 'spent', value: formatCents(stats.total_spent_cents) },
    { key: 'cashOnHand', value: formatCents(stats.cash_on_hand_cents), hint: t('dashboard.cards.cashOnHandHint'), tone: stats.cash_on_hand_cents < 0 ? 'negative' : undefined },
    { key: 'donors', value: count.format(stats.donor_count) },
    { key: 'matchable', value: formatCents(stats.matchable_cents) },
    { key: 'publicFunds', value: formatCents(stats.public_funds_cents), hint: t('dashboard.cards.publicFundsHint') },
  ];
  return (
    <section aria-labelledby="dashboard-totals">
      <h2 id="dashboard-totals" className="visually-hidden">
        {t('dashboard.cards.title')}
      </h2>
      <ul className={styles.grid}>
        {cards.map((card) => (
          <li key={card.key} className={`${styles.card} ${card.tone ? styles[card.tone] : ''}`} aria-labelledby={`stat-${card.key}`}>
            <span id={`stat-${card.key}`} className={styles.label}>
              {t(`dashboard.cards.${card.key}`)}
            </span>
            <span className={styles.value}>{card.value}</span>
            {card.hint && <span className={styles.hint}>{card.hint}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
