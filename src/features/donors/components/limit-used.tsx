import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../../domain/money';
import styles from './limit-used.module.css';

/** Share of the limit at which a donor counts as near it. */
export const NEAR_LIMIT_RATIO = 0.8;

export type LimitLevel = 'ok' | 'near' | 'over' | 'none';

export function limitLevel(aggregateCents: number, limitCents: number | null): LimitLevel {
  if (limitCents === null) return 'none';
  if (aggregateCents > limitCents || (limitCents === 0 && aggregateCents > 0)) return 'over';
  if (limitCents > 0 && aggregateCents >= limitCents * NEAR_LIMIT_RATIO) return 'near';
  return 'ok';
}

interface LimitUsedProps {
  aggregateCents: number;
  limitCents: number | null;
  /** 'bar' adds a meter under the figures (the donor page). */
  variant?: 'inline' | 'bar';
}

/** 'aggregate / limit', highlighted near (≥ 80 %) or over the limit; a meter on the donor page. */
export function LimitUsed({ aggregateCents, limitCents, variant = 'inline' }: LimitUsedProps) {
  const { t } = useTranslation();
  const level = limitLevel(aggregateCents, limitCents);
  const percent = limitCents ? Math.round((aggregateCents / limitCents) * 100) : 0;
  const flag = level === 'over' ? t('donors.overLimit') : level === 'near' ? t('donors.nearLimit') : '';
  return (
    <span className={`${styles.wrap} ${styles[variant]}`}>
      <span className={`${styles.figures} ${styles[level]}`} title={flag || undefined}>
        <span className={styles.part}>{formatCents(aggregateCents)}</span> <span className={styles.part}>/ {limitCents === null ? t('donors.noLimit') : formatCents(limitCents)}</span>
        {flag && <span className="visually-hidden"> ({flag})</span>}
      </span>
      {variant === 'bar' && limitCents !== null && (
        <span
          className={styles.meter}
          role="meter"
          aria-label={t('donors.figures.limitUsed')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          aria-valuetext={t('donors.figures.limitUsedText', { aggregate: formatCents(aggregateCents), limit: formatCents(limitCents), percent })}
        >
          <span className={`${styles.fill} ${styles[`${level}Fill`]}`} style={{ width: `${Math.min(percent, 100)}%` }} />
        </span>
      )}
    </span>
  );
}
