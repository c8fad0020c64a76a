import { useTranslation } from 'react-i18next';
import type { DonorDetail } from '../../../../domain/donor-book/api-contract';
import { formatCents } from '../../../../domain/money';
import { formatDate } from '../../../lib/format';
import { LimitUsed } from './limit-used';
import styles from './donor-figures.module.css';

/** The donor's figures: pledged, paid, outstanding, limit and its use (a meter), matchable, public funds, compliance notes. */
export function DonorFigures({ donor }: { donor: DonorDetail }) {
  const { t } = useTranslation();
  const next = donor.next_payment;
  return (
    <section className={styles.card} aria-labelledby="figures-heading">
      <h2 id="figures-heading" className={styles.title}>
        {t('donors.figures.title')}
      </h2>
      <dl className={styles.figures}>
        <Figure label={t('donors.figures.pledged')} value={formatCents(donor.pledged_cents)} />
        <Figure label={t('donors.figures.paid')} value={formatCents(donor.paid_cents)} />
        <Figure label={t('donors.figures.outstanding')} value={formatCents(donor.outstanding_cents)} strong={donor.outstanding_cents > 0} />
        <Figure label={t('donors.figures.matchable')} value={formatCents(donor.matchable_cents)} />
        <Figure label={t('donors.figures.publicFunds')} value={formatCents(donor.public_funds_cents)} />
        <Figure
          label={t('donors.figures.limit')}
          value={donor.limit_cents === null ? t('donors.figures.noLimit') : formatCents(donor.limit_cents)}
        />
      </dl>
      <div className={styles.limit}>
        <div className={styles.limitHead}>
          <span className={styles.label}>{t('donors.figures.limitUsed')}</span>
          {donor.remaining_limit_cents !== null && (
            <span className={styles.remaining}>
              {t('donors.figures.remaining')}: <strong>{formatCents(donor.remaining_limit_cents)}</strong>
            </span>
          )}
        </div>
        <LimitUsed aggregateCents={donor.aggregate_cents} limitCents={donor.limit_cents} variant="bar" />
      </div>
      {next && next.amount_due_cents > 0 && (
        <p className={styles.next}>
          {next.next_payment_date
            ? t('donors.figures.nextPayment', { amount: formatCents(next.amount_due_cents), date: formatDate(next.next_payment_date) })
            : t('donors.figures.nextPaymentNoDate', { amount: formatCents(next.amount_due_cents) })}
        </p>
      )}
      {donor.warnings.length > 0 && (
        <div className={styles.warnings}>
          <h3 className={styles.warningsTitle}>{t('donors.figures.warnings')}</h3>
          <ul>
            {donor.warnings.map((w) => (
              <li key={`${w.code}:${w.rule}`}>{w.message}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.label}>{label}</dt>
      <dd className={`${styles.value} ${strong ? styles.strong : ''}`}>{value}</dd>
    </div>
  );
}
