import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../../domain/money';
import type { ReportBreakdown, ReportFigure } from '../../../../domain/reports/api-contract';
import '../../../lib/staff-catalogue';
import { BreakdownNotes, footnotesOf } from './breakdown-notes';
import { cellText } from '../../../../domain/reports/cells';
import styles from './reports.module.css';

function figureText(figure: ReportFigure): string {
  if (figure.value === null) return '—';
  if (figure.kind === 'money') return formatCents(Number(figure.value));
  if (figure.kind === 'count') return Number(figure.value).toLocaleString('en-US');
  if (figure.kind === 'percent') return `${Number(figure.value)}%`;
  return String(figure.value);
}

/** The key figures of the report for the filter (every row, not only the page). */
export function ReportSummary({ figures }: { figures: readonly ReportFigure[] }) {
  const { t } = useTranslation();
  if (figures.length === 0) return null;
  return (
    <dl className={styles.summary} aria-label={t('reports.summary.label')}>
      {figures.map((f) => (
        <div key={f.key} className={styles.figure}>
          <dt>{f.label}</dt>
          <dd>
            <span className={styles.figureValue}>{figureText(f)}</span>
            {f.hint && <span className={styles.hint}>{f.hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A small table under the summary: aging buckets, subtotals per purpose, the match program's threshold
 * progress. A column `under` another is not a column on screen: each of its texts becomes a numbered
 * footnote of that column's cell (and its tooltip), listed under the table with the breakdown's note.
 */
export function ReportBreakdownTable({ breakdown }: { breakdown: ReportBreakdown }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const shown = breakdown.columns.filter((c) => !c.under);
  const noted = breakdown.columns.filter((c) => c.under);
  const hasTotals = shown.some((c) => c.total);
  const totals = Object.fromEntries(shown.filter((c) => c.total).map((c) => [c.key, breakdown.rows.reduce((sum, r) => sum + (Number(r[c.key]) || 0), 0)]));
  const footnotes = footnotesOf(breakdown.rows, noted, idPrefix);
  return (
    <section className={styles.breakdown} aria-label={breakdown.title}>
      <h2 className={styles.sectionTitle}>{breakdown.title}</h2>
      <table className={styles.smallTable}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col" className={c.kind === 'money' || c.kind === 'count' ? styles.end : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {breakdown.rows.map((row) => (
            <tr key={row.row_id}>
              {shown.map((c) => {
                const marks = footnotes.filter((f) => f.rowId === row.row_id && f.under === c.key);
                return (
                  <td key={c.key} className={c.kind === 'money' || c.kind === 'count' ? styles.end : undefined} title={marks.map((f) => f.text).join('\n') || undefined}>
                    {cellText(c, row[c.key])}
                    {marks.map((f) => (
                      <sup key={f.id}>
                        <a href={`#${f.id}`} aria-label={`${f.header} ${f.number}`}>
                          {f.number}
                        </a>
                      </sup>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {hasTotals && (
          <tfoot>
            <tr>
              {shown.map((c, i) => (
                <td key={c.key} className={c.kind === 'money' || c.kind === 'count' ? styles.end : undefined}>
                  {i === 0 ? t('reports.page.total') : c.total ? cellText(c, totals[c.key] ?? 0) : ''}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      <BreakdownNotes note={breakdown.note ?? null} footnotes={footnotes} />
    </section>
  );
}
