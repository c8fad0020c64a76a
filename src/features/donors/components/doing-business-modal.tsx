import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DoingBusinessMatch, DoingBusinessReviewData } from '../../../../domain/donor-book/donors-contract';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormModal } from '../../../components/form-modal';
import { SubmitButton } from '../../../components/submit-button';
import { donorPagePath } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useApplyDoingBusinessMutation, useReviewDoingBusinessMutation } from '../api/donors-api';
import styles from './doing-business-modal.module.css';
import { ServerAlert } from './server-alert';

/** The review route's cap on the extract's text (domain/validation/donors.ts). */
const MAX_FILE_CHARS = 8_000_000;

interface DoingBusinessModalProps {
  campaignId: string;
  onClose: () => void;
}

/** The reason the server gives with DOING_BUSINESS_FILE_INVALID (what the file lacks), if any. */
function errorReason(err: unknown): string {
  const details = (err as { response?: { data?: { details?: { reason?: unknown } } } })?.response?.data?.details;
  return typeof details?.reason === 'string' ? details.reason : '';
}

const matchKey = (m: DoingBusinessMatch) => `${m.row_number}:${m.donor_id}`;
const place = (address: string | null, zip: string | null) => [address, zip].filter(Boolean).join(', ');

/**
 * Doing Business Database (issue 35.5): upload the City's extract (CSV), review the rows that match a
 * donor of the campaign and why, tick the donors to mark, confirm; then the donors marked are listed.
 * The review writes nothing; only the confirmation marks (one transaction, audited on the server).
 */
export function DoingBusinessModal({ campaignId, onClose }: DoingBusinessModalProps) {
  const { t } = useTranslation();
  const [reviewDoingBusiness] = useReviewDoingBusinessMutation();
  // Marking changes the donors' limits: the donor list is read again (its tags).
  const [applyDoingBusiness] = useApplyDoingBusinessMutation();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [review, setReview] = useState<DoingBusinessReviewData | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [marked, setMarked] = useState<{ donors: { id: string; name: string }[]; count: number; alreadyMarked: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const fail = (err: unknown) => {
    const reason = errorReason(err);
    setError(reason ? `${apiErrorMessage(err)}: ${reason}` : apiErrorMessage(err));
    setBusy(false);
  };

  const read = async () => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const text = await file.text();
      if (text.length > MAX_FILE_CHARS) {
        setError(t('donors.dbExtract.tooLarge'));
        setBusy(false);
        return;
      }
      const result = await reviewDoingBusiness({ campaignId, fileText: text }).unwrap();
      setReview(result.data);
      setChosen(new Set());
      setBusy(false);
    } catch (err) {
      fail(err);
    }
  };

  const apply = async () => {
    if (!review || chosen.size === 0) return;
    setBusy(true);
    setError('');
    const ids = [...chosen];
    try {
      const result = await applyDoingBusiness({ campaignId, donorIds: ids }).unwrap();
      const names = new Map(review.matches.map((m) => [m.donor_id, m.donor_name]));
      notify.success(t('donors.dbExtract.applied', { count: result.data.marked }));
      setMarked({ donors: ids.map((id) => ({ id, name: names.get(id) ?? id })), count: result.data.marked, alreadyMarked: result.data.already_marked });
      setBusy(false);
    } catch (err) {
      fail(err);
    }
  };

  const toggle = (donorId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(donorId);
      else next.delete(donorId);
      return next;
    });

  const columns: DataTableColumn<DoingBusinessMatch>[] = [
    {
      id: 'mark',
      header: t('donors.dbExtract.columns.mark'),
      cell: (m) => (
        <input
          type="checkbox"
          aria-label={m.already_marked ? t('donors.dbExtract.alreadyLabel', { name: m.donor_name }) : t('donors.dbExtract.markLabel', { name: m.donor_name, row: m.row_number })}
          checked={m.already_marked || chosen.has(m.donor_id)}
          disabled={m.already_marked || busy}
          onChange={(e) => toggle(m.donor_id, e.target.checked)}
        />
      ),
    },
    {
      id: 'row',
      header: t('donors.dbExtract.columns.extract'),
      cell: (m) => (
        <>
          {t('donors.dbExtract.row', { row: m.row_number, name: m.extract_name })}
          <span className={styles.sub}>{place(m.extract_address, m.extract_zip) || '—'}</span>
        </>
      ),
    },
    {
      id: 'donor',
      header: t('donors.dbExtract.columns.donor'),
      rowHeader: true,
      cell: (m) => (
        <>
          {m.donor_name}
          <span className={styles.sub}>{place(m.donor_address, m.donor_zip) || '—'}</span>
        </>
      ),
    },
    { id: 'why', header: t('donors.dbExtract.columns.why'), cell: (m) => t(`donors.dbExtract.matchedBy.${m.matched_by}`) },
    {
      id: 'status',
      header: t('donors.dbExtract.columns.status'),
      cell: (m) => (m.already_marked ? t('donors.dbExtract.status.marked') : t('donors.dbExtract.status.notMarked')),
    },
  ];

  return (
    <FormModal title={t('donors.dbExtract.title')} dirty={file !== null && marked === null} onClose={onClose}>
      {(requestClose) => (
        <div className={styles.body}>
          {marked ? (
            <>
              <p className={styles.summary}>{t('donors.dbExtract.result', { count: marked.count })}</p>
              <ul className={styles.marked} aria-label={t('donors.dbExtract.markedList')}>
                {marked.donors.map((d) => (
                  <li key={d.id}>
                    <Link to={donorPagePath(d.id)}>{d.name}</Link>
                  </li>
                ))}
              </ul>
              {marked.alreadyMarked > 0 && <p className={styles.summary}>{t('donors.dbExtract.resultAlready', { count: marked.alreadyMarked })}</p>}
              <div className={styles.actions}>
                <SubmitButton type="button" onClick={onClose}>
                  {t('donors.dbExtract.done')}
                </SubmitButton>
              </div>
            </>
          ) : (
            <>
              <div className={styles.field}>
                <label htmlFor={inputId} className={styles.label}>
                  {t('donors.dbExtract.file')}
                </label>
                <input
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  aria-describedby={hintId}
                  disabled={busy}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setReview(null);
                    setChosen(new Set());
                    setError('');
                  }}
                />
                <p id={hintId} className={styles.hint}>
                  {t('donors.dbExtract.hint')}
                </p>
              </div>
              {review && (
                <>
                  <p className={styles.summary} role="status">
                    {t('donors.dbExtract.summary', { rows: review.rows, matches: review.matches.length, unmatched: review.unmatched_rows })}
                  </p>
                  {review.matches.length > 0 && (
                    <DataTable caption={t('donors.dbExtract.caption')} columns={columns} rows={review.matches} rowKey={matchKey} maxHeight="50vh" />
                  )}
                </>
              )}
              <ServerAlert message={error} />
              <div className={styles.actions}>
                <SubmitButton type="button" variant="secondary" onClick={requestClose} disabled={busy}>
                  {t('donors.dbExtract.cancel')}
                </SubmitButton>
                {review && review.matches.length > 0 ? (
                  <SubmitButton type="button" onClick={() => void apply()} loading={busy} disabled={chosen.size === 0}>
                    {t('donors.dbExtract.confirm', { count: chosen.size })}
                  </SubmitButton>
                ) : (
                  <SubmitButton type="button" onClick={() => void read()} loading={busy} disabled={!file || review !== null}>
                    {t('donors.dbExtract.review')}
                  </SubmitButton>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </FormModal>
  );
}
