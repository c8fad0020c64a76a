import { useTranslation } from 'react-i18next';
import type { UploadReason, UploadReviewRow } from '../../../../domain/imports/api-contract';
import { fieldOfReason } from '../../../../domain/imports/rows';
import '../../../lib/staff-catalogue';
import styles from './uploads.module.css';

/** A few values that tell rows apart: the name, the e-mail (else phone), the date and the amount. */
export function rowSummary(values: Record<string, string>): string {
  const name = values.name || [values.first_name, values.last_name].filter(Boolean).join(' ');
  const contact = values.donor_email || values.donor_phone;
  const date = values.paying_date || values.commitment_date;
  const amount = values.paid_amount || values.commitment_amount;
  return [name, contact, date, amount].filter(Boolean).join(' · ');
}

/** The cell a reason is about, as the file has it (issue 33.8): "55501", "bitcoin"; null when none. */
export function offendingCell(row: UploadReviewRow): string | null {
  if (!row.reason) return null;
  const field = fieldOfReason(row.reason);
  const value = field ? row.values[field] : undefined;
  return value === undefined ? null : value;
}

/** Why rows were not taken (with counts), then the first rows of the file with their outcome. */
export function ReviewRows({ rows, reasons, total }: { rows: UploadReviewRow[]; reasons: UploadReason[]; /** The file's row count. */ total: number }) {
  const { t } = useTranslation();
  return (
    <>
      {reasons.length > 0 && (
        <section aria-labelledby="upload-reasons">
          <h3 id="upload-reasons" className={styles.subheading}>
            {t('uploads.review.reasons')}
          </h3>
          <ul className={styles.reasons}>
            {reasons.map((r) => (
              <li key={r.reason}>
                {r.reason} <span className={styles.muted}>({r.count.toLocaleString('en-US')})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {rows.length > 0 && (
        <>
          <h3 className={styles.subheading}>{rows.length >= total ? t('uploads.review.allRows', { count: rows.length }) : t('uploads.review.rows', { count: rows.length })}</h3>
          {/* The rows scroll inside this frame: a labelled, focusable region, so the keyboard can scroll it (like DataTable's scrollsSideways). */}
          <div className={styles.tableWrap} role="region" aria-label={t('uploads.review.rowsCaption')} tabIndex={0}>
            <table className={styles.small}>
              <caption className="visually-hidden">{t('uploads.review.rowsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('uploads.review.row')}</th>
                  <th scope="col">{t('uploads.review.outcome')}</th>
                  <th scope="col">{t('uploads.review.reason')}</th>
                  <th scope="col">{t('uploads.review.values')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.row_number}>
                    <th scope="row">{row.row_number}</th>
                    <td>
                      <span className={`${styles.outcome} ${styles[`outcome_${row.outcome}`] ?? ''}`}>{t(`uploads.outcome.${row.outcome}`)}</span>
                    </td>
                    <td>
                      {row.reason ?? ''}
                      <OffendingCell row={row} />
                    </td>
                    <td className={styles.muted}>{rowSummary(row.values)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function OffendingCell({ row }: { row: UploadReviewRow }) {
  const { t } = useTranslation();
  const value = offendingCell(row);
  if (value === null) return null;
  return (
    <span className={styles.offending}>
      {value.trim() === '' ? t('uploads.review.cellEmpty') : t('uploads.review.cell', { value })}
    </span>
  );
}
