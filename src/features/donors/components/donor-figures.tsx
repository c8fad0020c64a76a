import { useTranslation } from 'react-i18next';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import { formatCents } from '../../../../domain/money';
import { formatDate } from '../../../lib/format';
import { LimitUsed } from './limit-used';
import styles from './donor-figures.module.css';

/**
 * The donor's figures: pledged, paid and outstanding for the campaign's cycle beside all time; limit
 * and its use (a meter), matchable, public funds (this cycle); compliance notes.
 */
export function DonorFigures({ donor }: { donor: DonorDetail }) {
  const { t } = useTranslation();
  const next = donor.next_payment;
  const cycle = donor.cycle;
  return (
    <section className={styles.card} aria-labelledby="figures-heading">
      <h2 id="figures-heading" className={styles.title}>
        {t('donors.figures.title')}
      </h2>
      <table className={styles.totals}>
        <caption className="visually-hidden">{t('donors.figures.totalsCaption', { name: donor.name })}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{cycle ? t('donors.figures.thisCycle', { cycle: cycle.value }) : t('donors.figures.total')}</th>
            {cycle && <th scope="col">{t('donors.figures.allTime')}</th>}
          </tr>
        </thead>
        <tbody>
          <TotalRow label={t('donors.figures.pledged')} cycle={donor.pledged_cents} allTime={cycle ? donor.all_time_pledged_cents : null} />
          <TotalRow label={t('donors.figures.paid')} cycle={donor.paid_cents} allTime={cycle ? donor.all_time_paid_cents : null} />
          <TotalRow label={t('donors.figures.outstanding')} cycle={donor.outstanding_cents} allTime={cycle ? donor.all_time_outstanding_cents : null} strong />
        </tbody>
      </table>
      {cycle && <p className={styles.cycleNote}>{t('donors.figures.cycleNote', { cycle: cycle.value, start: formatDate(cycle.start_date), end: formatDate(cycle.end_date) })}</p>}
      <dl className={styles.figures}>
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

function TotalRow({ label, cycle, allTime, strong = false }: { label: string; cycle: number; allTime: number | null; strong?: boolean }) {
  const cls = (cents: number) => `${styles.value} ${strong && cents > 0 ? styles.strong : ''}`;
  return (
    <tr>
      <th scope="row" className={styles.label}>
        {label}
      </th>
      <td className={cls(cycle)}>{formatCents(cycle)}</td>
      {allTime !== null && <td className={cls(allTime)}>{formatCents(allTime)}</td>}
    </tr>
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
