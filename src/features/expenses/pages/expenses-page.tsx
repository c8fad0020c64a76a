import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseListQuery, ExpenseRow } from '../../../../domain/donor-book/expenses-contract';
import { EXPENSE_PAYMENT_METHOD_OPTIONS, EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSE_OPTIONS, EXPENSE_PURPOSES, EXPENSE_PURPOSES_NEEDING_DETAILS, labelOf } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { EXPENSE_DEFAULT_SORT, EXPENSE_SORT_FIELDS } from '../../../../domain/validation/expenses';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateInput } from '../../../components/date-input';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { pageSizeOf } from '../../../components/data-table/pager';
import linkStyles from '../../../components/link-button.module.css';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId } from '../../../lib/use-campaign';
import { useDeleteExpenseMutation, useExpenseListQuery } from '../api/expenses-api';
import { ExpenseAttachmentsModal } from '../components/expense-attachments-modal';
import { ExpenseFormModal } from '../components/expense-form-modal';
import styles from './expenses-page.module.css';
import { useUrlParams } from '../../../lib/use-url-params';

const DEFAULT_LIMIT = 25;
const SORTS = new Set<string>(EXPENSE_SORT_FIELDS.flatMap((f) => [f, `-${f}`]));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['purpose', 'payment_method', 'start_date', 'end_date', 'search'] as const;

/** The purpose as a table shows it: 'Other', not the form's 'Other (explanation required)'. */
function purposeLabel(purpose: string): string {
  const label = labelOf(EXPENSE_PURPOSE_OPTIONS, purpose);
  return (EXPENSE_PURPOSES_NEEDING_DETAILS as readonly string[]).includes(purpose) ? label.replace(/\s*\(.*\)$/, '') : label;
}

function oneOf<V extends string>(values: readonly V[], value: string | null): V | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as V) : undefined;
}

/** A date filter typed as DD-MM-YYYY: the list follows once the text is a real day (or empty). */
function FilterDate({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  // The URL changed from outside (Clear filters, back/forward): show it.
  if (value !== followed) {
    setFollowed(value);
    setText(value);
  }
  return (
    <DateInput
      label={label}
      value={text}
      error={error}
      onChange={(next) => {
        setText(next);
        if (next === '' || ISO_DATE.test(next)) {
          setFollowed(next);
          onChange(next);
        }
      }}
    />
  );
}

function useExpenseParams() {
  const [params, setParams] = useUrlParams();
  const sortParam = params.get('sort') ?? '';
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  const query = {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    limit: pageSizeOf(params.get('limit'), DEFAULT_LIMIT),
    sort: SORTS.has(sortParam) ? sortParam : EXPENSE_DEFAULT_SORT,
    search: params.get('search') ?? '',
    purpose: oneOf(EXPENSE_PURPOSES, params.get('purpose')),
    payment_method: oneOf(EXPENSE_PAYMENT_METHODS, params.get('payment_method')),
    start_date: date('start_date'),
    end_date: date('end_date'),
  } satisfies ExpenseListQuery;
  /** Changes some parameters; any change but the page goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  return { query, update, filtered };
}

/** The campaign's expenses: filters, search, sort, paging, totals of the filtered set; add, edit, delete (expense.write). */
export default function ExpensesPage() {
  const { t } = useTranslation();
  const title = t('expenses.title');
  usePageTitle(title);
  const filtersId = useId();
  const canWrite = useCan('expense.write');
  const campaignId = useCampaignId();
  const { query, update, filtered } = useExpenseParams();
  const [editing, setEditing] = useState<{ expense: ExpenseRow | null } | null>(null);
  const [deleting, setDeleting] = useState<ExpenseRow | null>(null);
  const [receiptsOf, setReceiptsOf] = useState<ExpenseRow | null>(null);
  const [busy, setBusy] = useState(false);
  const rangeInvalid = query.start_date !== '' && query.end_date !== '' && query.end_date < query.start_date;
  const { page, limit, sort, search, purpose, payment_method, start_date, end_date } = query;
  /** An end date before the start date asks for nothing (the field says why). */
  // Each visit reads the server again (another member may have changed the books meanwhile).
  const list = useExpenseListQuery(campaignId && !rangeInvalid ? { campaignId, query } : skipToken, { refetchOnMountOrArgChange: true });
  const shown = useCampaignData(list, campaignId || null);
  const loading = list.isFetching;
  /** The last answer stays on screen (dimmed) while the next one loads; after a failure, none is shown. */
  const data = list.error ? null : shown;
  const error = loading || !list.error ? '' : apiErrorMessage(list.error);
  const [deleteExpense] = useDeleteExpenseMutation();

  const onSearch = useCallback((value: string) => update({ search: value }), [update]);
  const rows = rangeInvalid ? [] : (data?.expense_list ?? []);
  const total = rangeInvalid ? 0 : (data?.total ?? 0);
  const totalCents = rangeInvalid ? 0 : (data?.totals.amount_cents ?? 0);

  const remove = async (expense: ExpenseRow) => {
    setBusy(true);
    try {
      // The list (and the dashboard) refresh through the 'Expense' tag.
      const result = await deleteExpense({ campaignId, expenseId: expense.expense_id }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.EXPENSE_DELETED'));
      setDeleting(null);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<ExpenseRow>[] = [
    { id: 'date', header: t('expenses.columns.date'), sortKey: 'expense_date', descendingFirst: true, cell: (e) => <span className={listStyles.nowrap}>{formatDate(e.expense_date)}</span> },
    { id: 'payee', header: t('expenses.columns.payee'), sortKey: 'payee', rowHeader: true, cell: (e) => e.payee },
    {
      id: 'purpose',
      header: t('expenses.columns.purpose'),
      cell: (e) => (
        <span className={listStyles.stack}>
          <span>{purposeLabel(e.purpose)}</span>
          {e.purpose_details && <span className={listStyles.muted}>{e.purpose_details}</span>}
        </span>
      ),
    },
    {
      id: 'method',
      header: t('expenses.columns.paymentMethod'),
      cell: (e) => (
        <span className={listStyles.stack}>
          <span>{labelOf(EXPENSE_PAYMENT_METHOD_OPTIONS, e.payment_method)}</span>
          {e.reference_number && <span className={listStyles.muted}>{t('expenses.referenceShort', { reference: e.reference_number })}</span>}
        </span>
      ),
    },
    { id: 'memo', header: t('expenses.columns.memo'), cell: (e) => <span className={styles.memo}>{e.memo ?? ''}</span> },
    { id: 'amount', header: t('expenses.columns.amount'), align: 'end', sortKey: 'amount_cents', descendingFirst: true, cell: (e) => formatCents(e.amount_cents) },
    {
      id: 'receipts',
      header: t('expenses.columns.receipts'),
      cell: (e) => {
        const shown = e.attachment_count > 0 ? t('expenses.attachments.count', { count: e.attachment_count }) : canWrite ? t('expenses.attachments.attach') : t('expenses.attachments.none');
        // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
        return (
          <button
            type="button"
            className={`${linkStyles.linkButton} ${listStyles.nowrap}`}
            aria-label={t('expenses.attachments.openFor', { shown, payee: e.payee, date: formatDate(e.expense_date) })}
            onClick={() => setReceiptsOf(e)}
          >
            {shown}
          </button>
        );
      },
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="visually-hidden">{t('expenses.columns.actions')}</span>,
      align: 'end',
      cell: (e) => (
        <span className={styles.actions}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`} aria-label={t('expenses.editFor', { payee: e.payee, date: formatDate(e.expense_date) })} onClick={() => setEditing({ expense: e })}>
            {t('expenses.edit')}
          </button>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`} aria-label={t('expenses.deleteFor', { payee: e.payee, date: formatDate(e.expense_date) })} onClick={() => setDeleting(e)}>
            {t('expenses.delete')}
          </button>
        </span>
      ),
    });
  }
  const amountIndex = columns.findIndex((c) => c.id === 'amount');

  return (
    <>
      <PageHeader
        title={title}
        context={t('expenses.context')}
        action={
          <div className={styles.headerAction}>
            {data && (
              <p className={listStyles.total} aria-live="polite">
                <span className={listStyles.totalLabel}>{filtered ? t('expenses.totalFiltered') : t('expenses.total')}</span>
                <span className={listStyles.totalValue}>{formatCents(totalCents)}</span>
                <span className={listStyles.muted}>{t('expenses.count', { count: total })}</span>
              </p>
            )}
            {canWrite && (
              <SubmitButton type="button" onClick={() => setEditing({ expense: null })}>
                {t('expenses.add')}
              </SubmitButton>
            )}
          </div>
        }
      />
      <section className={styles.filters} aria-labelledby={filtersId}>
        <h2 id={filtersId} className="visually-hidden">
          {t('expenses.filters.title')}
        </h2>
        <SelectField
          label={t('expenses.filters.purpose')}
          placeholder={t('expenses.filters.allPurposes')}
          options={EXPENSE_PURPOSE_OPTIONS}
          value={purpose ?? ''}
          onChange={(e) => update({ purpose: e.target.value })}
        />
        <SelectField
          label={t('expenses.filters.paymentMethod')}
          placeholder={t('expenses.filters.allMethods')}
          options={EXPENSE_PAYMENT_METHOD_OPTIONS}
          value={payment_method ?? ''}
          onChange={(e) => update({ payment_method: e.target.value })}
        />
        <FilterDate label={t('expenses.filters.from')} value={start_date} onChange={(iso) => update({ start_date: iso })} />
        <FilterDate
          label={t('expenses.filters.to')}
          value={end_date}
          error={rangeInvalid ? t('expenses.filters.endBeforeStart') : undefined}
          onChange={(iso) => update({ end_date: iso })}
        />
        <SearchBox label={t('expenses.filters.search')} placeholder={t('expenses.filters.searchPlaceholder')} value={search} onSearch={onSearch} className={styles.search} />
        {filtered && (
          <button type="button" className={`${linkStyles.linkButton} ${styles.clear}`} onClick={() => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])))}>
            {t('expenses.filters.clear')}
          </button>
        )}
      </section>
      <DataTable
        caption={t('expenses.caption')}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.expense_id}
        loading={loading}
        error={error ? <span role="alert">{error}</span> : undefined}
        sort={sort}
        onSortChange={(value) => update({ sort: value === EXPENSE_DEFAULT_SORT ? null : value })}
        empty={
          filtered ? (
            <EmptyState text={t('expenses.emptyFiltered')} />
          ) : (
            <EmptyState
              text={t('expenses.empty')}
              action={
                canWrite ? (
                  <SubmitButton type="button" onClick={() => setEditing({ expense: null })}>
                    {t('expenses.addFirst')}
                  </SubmitButton>
                ) : undefined
              }
            />
          )
        }
        footer={
          rows.length > 0 ? (
            <tr>
              <th scope="row" colSpan={amountIndex} className={listStyles.footLabel}>
                {filtered ? t('expenses.totalFiltered') : t('expenses.total')}
              </th>
              <td className={listStyles.footAmount}>{formatCents(totalCents)}</td>
              {columns.length > amountIndex + 1 && <td colSpan={columns.length - amountIndex - 1} />}
            </tr>
          ) : undefined
        }
      />
      <Pager page={page} pageSize={limit} total={total} disabled={loading} onPageChange={(p) => update({ page: p })} onPageSizeChange={(size) => update({ limit: size === DEFAULT_LIMIT ? null : size })} />
      {editing && (
        <ExpenseFormModal
          key={editing.expense?.expense_id ?? 'new'}
          campaignId={campaignId}
          expense={editing.expense}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {receiptsOf && (
        <ExpenseAttachmentsModal
          key={receiptsOf.expense_id}
          campaignId={campaignId}
          expense={receiptsOf}
          canWrite={canWrite}
          onClose={() => setReceiptsOf(null)}
        />
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t('expenses.deleteTitle')}
        confirmLabel={t('expenses.delete')}
        cancelLabel={t('expenses.form.cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting &&
          (deleting.attachment_count > 0
            ? t('expenses.deleteTextWithReceipts', { payee: deleting.payee, amount: formatCents(deleting.amount_cents), date: formatDate(deleting.expense_date), count: deleting.attachment_count })
            : t('expenses.deleteText', { payee: deleting.payee, amount: formatCents(deleting.amount_cents), date: formatDate(deleting.expense_date) }))}
      </ConfirmModal>
    </>
  );
}
