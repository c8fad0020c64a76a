import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseAttachmentRow, ExpenseRow } from '../../../../domain/donor-book/expenses-contract';
import { acceptedExtensions, EXPENSE_ATTACHMENT_USE, formatFileSize } from '../../../../domain/file-signature';
import { formatCents } from '../../../../domain/money';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { StaticModal } from '../../../components/static-modal';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { fileProblem } from '../../../lib/file-problem';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeleteExpenseAttachmentMutation, useExpenseAttachmentsQuery, useLazyExpenseAttachmentLinkQuery, useUploadExpenseAttachment } from '../api/expenses-api';
import styles from './expense-attachments-modal.module.css';

const USE = EXPENSE_ATTACHMENT_USE;

/** What the browser can tell before sending: the server checks again (and the content). */
interface Props {
  campaignId: string;
  expense: ExpenseRow;
  /** expense.write: attach and delete. Readers list and download. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * The receipts of one expense: list (name, size, uploaded by and when), download, attach with a progress
 * bar, delete with a confirmation. Attaching or deleting refreshes this list and the expense list's
 * counts (the 'Expense' tag).
 */
export function ExpenseAttachmentsModal({ campaignId, expense, canWrite, onClose }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const list = useExpenseAttachmentsQuery({ campaignId, expenseId: expense.expense_id }, { refetchOnMountOrArgChange: true });
  const uploadAttachment = useUploadExpenseAttachment();
  const [getDownloadLink] = useLazyExpenseAttachmentLinkQuery();
  const [deleteAttachment] = useDeleteExpenseAttachmentMutation();
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [deleting, setDeleting] = useState<ExpenseAttachmentRow | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => abortRef.current?.abort(), []);

  const rows = list.data?.attachment_list ?? [];
  const full = rows.length >= (list.data?.max_attachments ?? USE.maxPerExpense);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = fileProblem(file, USE, t);
    setProblem(refused ?? '');
    if (refused) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadAttachment(campaignId, expense.expense_id, file, (percent) => setUpload({ name: file.name, percent }), controller.signal);
      notify.success(t('expenses.attachments.added', { name: file.name }));
    } catch (err) {
      if (!controller.signal.aborted) setProblem(apiErrorMessage(err));
    } finally {
      abortRef.current = null;
      setUpload(null);
    }
  };

  const download = async (row: ExpenseAttachmentRow) => {
    try {
      const [link, { downloadSignedFile }] = await Promise.all([getDownloadLink({ campaignId, attachmentId: row.attachment_id }).unwrap(), import('../../../lib/signed-download')]);
      downloadSignedFile(link.url, link.file_name);
    } catch (err) {
      notify.apiError(err);
    }
  };

  const remove = async (row: ExpenseAttachmentRow) => {
    setBusy(true);
    try {
      await deleteAttachment({ campaignId, attachmentId: row.attachment_id }).unwrap();
      notify.success(t('expenses.attachments.deleted', { name: row.file_name }));
      setDeleting(null);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };

  const small = `${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`;
  const columns: DataTableColumn<ExpenseAttachmentRow>[] = [
    { id: 'name', header: t('expenses.attachments.columns.name'), rowHeader: true, cell: (a) => <span className={styles.name}>{a.file_name}</span> },
    { id: 'size', header: t('expenses.attachments.columns.size'), align: 'end', nowrap: true, cell: (a) => formatFileSize(a.file_size) },
    {
      id: 'uploaded',
      header: t('expenses.attachments.columns.uploaded'),
      cell: (a) => (
        <span className={listStyles.stack}>
          <span>{a.uploaded_by.name || t('expenses.attachments.formerMember')}</span>
          <span className={listStyles.muted}>{formatDate(a.created_at)}</span>
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('expenses.columns.actions')}</span>,
      align: 'end',
      cell: (a) => (
        <span className={styles.actions}>
          <button type="button" className={small} aria-label={t('expenses.attachments.downloadFor', { name: a.file_name })} onClick={() => void download(a)}>
            {t('expenses.attachments.download')}
          </button>
          {canWrite && (
            <button type="button" className={small} aria-label={t('expenses.attachments.deleteFor', { name: a.file_name })} onClick={() => setDeleting(a)}>
              {t('expenses.delete')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <StaticModal open={deleting === null} title={t('expenses.attachments.title', { payee: expense.payee })} onClose={onClose} size="wide">
        <p className={styles.context}>{t('expenses.attachments.context', { payee: expense.payee, amount: formatCents(expense.amount_cents), date: formatDate(expense.expense_date) })}</p>
        <DataTable
          caption={t('expenses.attachments.caption')}
          columns={columns}
          rows={rows}
          rowKey={(a) => a.attachment_id}
          loading={list.isFetching}
          error={list.error ? <span role="alert">{apiErrorMessage(list.error)}</span> : undefined}
          empty={<EmptyState text={t('expenses.attachments.empty')} />}
        />
        {canWrite && (
          <div className={styles.upload}>
            <label htmlFor={inputId} className={styles.label}>
              {t('expenses.attachments.choose')}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={acceptedExtensions(USE, ',')}
              aria-describedby={hintId}
              disabled={upload !== null || full}
              onChange={(event) => void onFile(event)}
            />
            <p id={hintId} className={styles.hint}>
              {full
                ? t('errors.ATTACHMENT_LIMIT_REACHED', { max: USE.maxPerExpense })
                : t('expenses.attachments.hint', { accepted: acceptedExtensions(USE), max: formatFileSize(USE.maxBytes), count: USE.maxPerExpense })}
            </p>
            {upload && (
              <div className={styles.progress}>
                <progress max={100} value={upload.percent} aria-label={t('expenses.attachments.uploading', { name: upload.name })} />
                <span aria-live="polite">{t('expenses.attachments.progress', { name: upload.name, percent: upload.percent })}</span>
              </div>
            )}
            {problem && (
              <p className={styles.problem} role="alert">
                {problem}
              </p>
            )}
          </div>
        )}
        <div className={styles.footer}>
          <SubmitButton type="button" variant="secondary" onClick={onClose}>
            {t('expenses.attachments.close')}
          </SubmitButton>
        </div>
      </StaticModal>
      <ConfirmModal
        open={deleting !== null}
        title={t('expenses.attachments.deleteTitle')}
        confirmLabel={t('expenses.delete')}
        cancelLabel={t('expenses.form.cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('expenses.attachments.deleteText', { name: deleting.file_name })}
      </ConfirmModal>
    </>
  );
}
