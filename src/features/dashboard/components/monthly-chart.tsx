import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthlyStat } from '../../../../domain/donor-book/dashboard-contract';
import { formatCents } from '../../../../domain/money';
import tableStyles from './figures-table.module.css';
import styles from './monthly-chart.module.css';

const WIDTH = 960;
const HEIGHT = 320;
const MARGIN = { top: 16, right: 16, bottom: 44, left: 64 };
/** About this many grid steps; the step itself is 1, 2 or 5 × a power of ten. */
const TICKS = 4;

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Round axis steps for values up to `max` (cents): 0, step, 2·step … ≥ max. */
export function niceTicks(max: number): number[] {
  const top = max > 0 ? max : 100_00;
  const raw = top / TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude;
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

function monthLabel(month: string, format: string): string {
  return dayjs(`${month}-01`).format(format);
}

interface MonthlyChartProps {
  stats: readonly MonthlyStat[];
}

/**
 * Raised and spent per month as bars, pledged as a line (inline SVG, no chart library). The SVG is
 * one image with a summary label; the figures are in a data table, visually hidden until
 * 'Show as table' is pressed.
 */
export function MonthlyChart({ stats }: MonthlyChartProps) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = niceTicks(Math.max(0, ...stats.flatMap((s) => [s.raised_cents, s.spent_cents, s.pledged_cents])));
  const max = ticks[ticks.length - 1]!;
  const y = (cents: number) => MARGIN.top + plotH - (Math.max(0, cents) / max) * plotH;
  const band = stats.length > 0 ? plotW / stats.length : plotW;
  const barW = Math.min(26, band * 0.3);
  const centre = (i: number) => MARGIN.left + band * i + band / 2;
  const linePoints = stats.map((s, i) => `${centre(i)},${y(s.pledged_cents)}`).join(' ');
  const first = stats[0];
  const last = stats[stats.length - 1];
  const label =
    first && last
      ? t('dashboard.chart.label', { first: monthLabel(first.month, 'MMMM YYYY'), last: monthLabel(last.month, 'MMMM YYYY') })
      : t('dashboard.chart.caption');

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {t('dashboard.chart.title')}
        </h2>
        <div className={styles.legend} aria-hidden="true">
          <span className={styles.key}>
            <span className={`${styles.swatch} ${styles.raised}`} />
            {t('dashboard.chart.raised')}
          </span>
          <span className={styles.key}>
            <span className={`${styles.swatch} ${styles.spent}`} />
            {t('dashboard.chart.spent')}
          </span>
          <span className={styles.key}>
            <span className={`${styles.swatch} ${styles.pledgedKey}`} />
            {t('dashboard.chart.pledged')}
          </span>
        </div>
        <button type="button" className={styles.toggle} aria-pressed={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
          {t('dashboard.chart.showTable')}
        </button>
      </div>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
        {ticks.map((value) => (
          <g key={value}>
            <line className={styles.grid} x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(value)} y2={y(value)} />
            <text className={styles.axis} x={MARGIN.left - 8} y={y(value)} dy="0.32em" textAnchor="end">
              {compactUsd.format(value / 100)}
            </text>
          </g>
        ))}
        {stats.map((s, i) => (
          <g key={s.month}>
            <rect className={styles.raised} x={centre(i) - barW - 1} y={y(s.raised_cents)} width={barW} height={MARGIN.top + plotH - y(s.raised_cents)} rx="2">
              <title>{`${monthLabel(s.month, 'MMM YYYY')} · ${t('dashboard.chart.raised')} ${formatCents(s.raised_cents)}`}</title>
            </rect>
            <rect className={styles.spent} x={centre(i) + 1} y={y(s.spent_cents)} width={barW} height={MARGIN.top + plotH - y(s.spent_cents)} rx="2">
              <title>{`${monthLabel(s.month, 'MMM YYYY')} · ${t('dashboard.chart.spent')} ${formatCents(s.spent_cents)}`}</title>
            </rect>
            <text className={styles.axis} x={centre(i)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle">
              {monthLabel(s.month, 'MMM')}
            </text>
            {(i === 0 || s.month.endsWith('-01')) && (
              <text className={styles.year} x={centre(i)} y={HEIGHT - MARGIN.bottom + 34} textAnchor="middle">
                {monthLabel(s.month, 'YYYY')}
              </text>
            )}
          </g>
        ))}
        <line className={styles.baseline} x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} />
        {stats.length > 1 && <polyline className={styles.pledged} points={linePoints} fill="none" />}
        {stats.map((s, i) => (
          <circle key={s.month} className={styles.point} cx={centre(i)} cy={y(s.pledged_cents)} r="3.5">
            <title>{`${monthLabel(s.month, 'MMM YYYY')} · ${t('dashboard.chart.pledged')} ${formatCents(s.pledged_cents)}`}</title>
          </circle>
        ))}
      </svg>
      <div id={tableId} className={showTable ? styles.tableWrap : 'visually-hidden'}>
        <table className={tableStyles.table}>
          <caption className="visually-hidden">{t('dashboard.chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.month')}</th>
              <th scope="col" className={tableStyles.num}>
                {t('dashboard.chart.raised')}
              </th>
              <th scope="col" className={tableStyles.num}>
                {t('dashboard.chart.spent')}
              </th>
              <th scope="col" className={tableStyles.num}>
                {t('dashboard.chart.pledged')}
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.month}>
                <th scope="row">{monthLabel(s.month, 'MMMM YYYY')}</th>
                <td className={tableStyles.num}>{formatCents(s.raised_cents)}</td>
                <td className={tableStyles.num}>{formatCents(s.spent_cents)}</td>
                <td className={tableStyles.num}>{formatCents(s.pledged_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
