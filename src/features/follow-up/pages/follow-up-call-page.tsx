import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowUpListQuery, FollowUpRow } from '../../../../domain/donor-book/follow-up-contract';
import { CALL_OUTCOME_OPTIONS, labelOf } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { FOLLOW_UP_DUES, FOLLOW_UP_LIST_SORTS } from '../../../../domain/validation/donors';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { pageSizeOf } from '../../../components/data-table/pager';
import { LogCallModal } from '../../../components/log-call-modal';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { donorPagePath, paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { useCampaignId } from '../../../lib/use-campaign';
import { FRESH, useFollowUpListQuery, useLogFollowUpCallMutation } from '../api/follow-up-api';
import { ReminderModal } from '../components/reminder-modal';
import styles from './follow-up-call-page.module.css';
import { useUrlParams } from '../../../lib/use-url-params';
import { formatPhone, phoneHref } from '../../../../domain/phone';

type Due = NonNullable<FollowUpListQuery['due']>;
const DEFAULT_SORT = 'next_payment_date';
const DEFAULT_LIMIT = 25;
const SORTS = new Set<string>(FOLLOW_UP_LIST_SORTS.flatMap((f) => [f, `-${f}`]));

function useListParams() {
  const [params, setParams] = useUrlParams();
  const dueParam = params.get('due');
  const due: Due = (FOLLOW_UP_DUES as readonly string[]).includes(dueParam ?? '') ? (dueParam as Due) : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const limit = pageSizeOf(params.get('limit'), DEFAULT_LIMIT);
  const sortParam = params.get('sort') ?? '';
  const sort = SORTS.has(sortParam) ? sortParam : DEFAULT_SORT;
  const search = params.get('search') ?? '';
  /** Changes some parameters; any change but the page goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { due, page, limit, sort, search, update };
}

/** An e-mail address that may wrap before its '@' (and nowhere else). */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function isOverdue(date: string | null): boolean {
  return date !== null && date < dayjs().format('YYYY-MM-DD');
}

/** Donors with open pledges or due payments: who to call, logged calls and reminders (the layout gates follow_up.read). */
export default function FollowUpCallPage() {
  const { t } = useTranslation();
  const title = t('pages.followUpCall.title');
  usePageTitle(title);
  const canWrite = useCan('follow_up.write');
  const campaignId = useCampaignId();
  const { due, page, limit, sort, search, update } = useListParams();
  const query = { due, page, limit, sort, search };
  const list = useFollowUpListQuery(campaignId ? { campaignId, query } : skipToken, FRESH);
  const shown = useCampaignData(list, campaignId || null);
  const loading = list.isFetching;
  const [logCall] = useLogFollowUpCallMutation();
  /** The last answer stays on screen (dimmed) while the next one loads; after a failure, none is shown. */
  const data = list.isError ? null : shown;
  const error = loading || !list.isError ? '' : apiErrorMessage(list.error);
  const [calling, setCalling] = useState<FollowUpRow | null>(null);
  const [reminding, setReminding] = useState<FollowUpRow | null>(null);

  const onSearch = useCallback((value: string) => update({ search: value }), [update]);
  const rows = data?.follow_up_list ?? [];
  const total = data?.total ?? 0;

  const columns: DataTableColumn<FollowUpRow>[] = [
    {
      id: 'donor',
      header: t('followUp.columns.donor'),
      sortKey: 'donor_name',
      rowHeader: true,
      cell: (r) => (
        <span className={listStyles.stack}>
          <Link className={styles.target} to={donorPagePath(r.donor_id)}>
            {r.donor_name}
          </Link>
          <span className={styles.contact}>
            {r.donor_phone && (
              <a className={styles.target} href={phoneHref(r.donor_phone)} aria-label={t('followUp.callNumber', { phone: formatPhone(r.donor_phone) })}>
                {formatPhone(r.donor_phone)}
              </a>
            )}
            {r.donor_email && <span>{breakableEmail(r.donor_email)}</span>}
            {!r.donor_phone && !r.donor_email && <span>{t('followUp.noContact')}</span>}
          </span>
        </span>
      ),
    },
    {
      id: 'paid',
      header: t('followUp.columns.paidOfPledged'),
      align: 'end',
      cell: (r) => (
        <span className={listStyles.stack}>
          <span>{formatCents(r.paid_cents)}</span>
          <span className={listStyles.muted}>{t('followUp.ofPledged', { amount: formatCents(r.pledged_cents) })}</span>
        </span>
      ),
    },
    {
      id: 'remaining',
      header: t('followUp.columns.remaining'),
      align: 'end',
      sortKey: 'remaining_cents',
      descendingFirst: true,
      cell: (r) => <strong>{formatCents(r.remaining_cents)}</strong>,
    },
    {
      id: 'nextPayment',
      header: t('followUp.columns.nextPayment'),
      align: 'end',
      sortKey: 'next_payment_date',
      cell: (r) =>
        r.next_payment_date ? (
          <span className={listStyles.stack}>
            <span className={isOverdue(r.next_payment_date) ? styles.overdue : listStyles.nowrap}>{formatDate(r.next_payment_date)}</span>
            {r.next_payment_amount_cents !== null && <span className={listStyles.muted}>{formatCents(r.next_payment_amount_cents)}</span>}
            {isOverdue(r.next_payment_date) && (
              <span>
                <span className={styles.badge}>{t('followUp.overdue')}</span>
              </span>
            )}
          </span>
        ) : (
          <span className={listStyles.muted}>{t('followUp.none')}</span>
        ),
    },
    {
      id: 'lastCall',
      header: t('followUp.columns.lastCall'),
      cell: (r) => (
        <span className={listStyles.stack}>
          {r.last_call_at ? (
            <>
              <span className={listStyles.nowrap}>{formatDate(r.last_call_at)}</span>
              {r.last_call_outcome && <span className={listStyles.muted}>{labelOf(CALL_OUTCOME_OPTIONS, r.last_call_outcome)}</span>}
            </>
          ) : (
            <span className={listStyles.muted}>{t('followUp.noCall')}</span>
          )}
          <span className={listStyles.muted}>{r.last_reminder_at ? t('followUp.remindedOn', { date: formatDate(r.last_reminder_at) }) : t('followUp.noReminder')}</span>
        </span>
      ),
    },
    {
      id: 'nextCall',
      header: t('followUp.columns.nextCall'),
      sortKey: 'next_call_date',
      cell: (r) => (r.next_call_date ? <span className={listStyles.nowrap}>{formatDate(r.next_call_date)}</span> : <span className={listStyles.muted}>{t('followUp.none')}</span>),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="visually-hidden">{t('followUp.columns.actions')}</span>,
      cell: (r) => (
        <span className={styles.actions}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`} aria-label={t('followUp.logCallFor', { name: r.donor_name })} onClick={() => setCalling(r)}>
            {t('followUp.logCall')}
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`}
            aria-label={t('followUp.sendReminderFor', { name: r.donor_name })}
            onClick={() => setReminding(r)}
          >
            {t('followUp.sendReminder')}
          </button>
        </span>
      ),
    });
  }

  /** The write invalidated the list's tags: it is read again. */
  const afterWrite = () => {
    setCalling(null);
    setReminding(null);
  };

  return (
    <>
      <PageHeader
        title={title}
        context={t('pages.followUpCall.context')}
        action={
          data && (
            <p className={listStyles.total} aria-live="polite">
              <span className={listStyles.totalLabel}>{t('followUp.totalRemaining')}</span>
              <span className={listStyles.totalValue}>{formatCents(data.totals.remaining_cents)}</span>
              <span className={listStyles.muted}>{t('followUp.donorCount', { count: total })}</span>
            </p>
          )
        }
      />
      <div className={styles.toolbar}>
        <fieldset className={styles.segments}>
          <legend className="visually-hidden">{t('followUp.due.label')}</legend>
          {FOLLOW_UP_DUES.map((value) => (
            <label key={value} className={styles.segment}>
              <input type="radio" name="due" value={value} checked={due === value} onChange={() => update({ due: value === 'all' ? null : value })} />
              <span>{t(`followUp.due.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <SearchBox label={t('followUp.search')} placeholder={t('followUp.searchPlaceholder')} value={search} onSearch={onSearch} className={styles.search} />
      </div>
      <DataTable
        caption={t('followUp.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.donor_id}
        loading={loading}
        error={error ? <span role="alert">{error}</span> : undefined}
        sort={sort}
        onSortChange={(value) => update({ sort: value === DEFAULT_SORT ? null : value })}
        rowClassName={(r) => (isOverdue(r.next_payment_date) ? styles.overdueRow : undefined)}
        empty={
          <EmptyState
            text={search ? t('followUp.emptySearch') : t(`followUp.empty.${due}`)}
            action={
              search ? undefined : (
                <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={paths.donorList}>
                  {t('followUp.emptyAction')}
                </Link>
              )
            }
          />
        }
        footer={
          rows.length > 0 && data ? (
            <tr>
              <th scope="row" colSpan={2} className={listStyles.footLabel}>
                {t('followUp.totalRemaining')}
              </th>
              <td className={listStyles.footAmount}>{formatCents(data.totals.remaining_cents)}</td>
              <td colSpan={columns.length - 3} />
            </tr>
          ) : undefined
        }
      />
      <Pager page={page} pageSize={limit} total={total} disabled={loading} onPageChange={(p) => update({ page: p })} onPageSizeChange={(size) => update({ limit: size === DEFAULT_LIMIT ? null : size })} />
      {calling && (
        <LogCallModal
          donorName={calling.donor_name}
          donorPhone={calling.donor_phone}
          save={(call) => logCall({ campaign_id: campaignId, donor_id: calling.donor_id, ...call }).unwrap()}
          onClose={() => setCalling(null)}
          onLogged={afterWrite}
        />
      )}
      {reminding && <ReminderModal campaignId={campaignId} row={reminding} onClose={() => setReminding(null)} onSent={afterWrite} />}
    </>
  );
}
