import dayjs from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, type UserListData, type UserListSort, type UserStatus, type UserStatusAction, type UserView } from '../../../../domain/auth/api-contract';
import { useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { DATE_DISPLAY_FORMAT } from '../../../config/constants';
import { apiErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { listUsers, updateUserStatus } from '../api/admin-users-api';
import { ACTIONS_BY_STATUS } from '../status-actions';
import styles from './users-approval-page.module.css';

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type SortField = 'name' | 'email' | 'status' | 'created_at';

function fullName(user: UserView): string {
  return [user.name, user.last_name].filter(Boolean).join(' ');
}

/** Platform admin: approve new accounts; block, unblock and unlock users. */
export default function UsersApprovalPage() {
  const { t } = useTranslation();
  const title = t('admin.title');
  usePageTitle(title);
  const isAdmin = useAppSelector((state) => state.user.is_platform_admin === true);
  return (
    <>
      <PageHeader title={title} context={t('admin.context')} />
      {isAdmin ? (
        <UsersTable />
      ) : (
        <FormAlert kind="info">
          <p>{t('admin.noAccess')}</p>
        </FormAlert>
      )}
    </>
  );
}

function UsersTable() {
  const { t } = useTranslation();
  const selfId = useAppSelector((state) => (state.user.userId === null ? null : String(state.user.userId)));
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('pending');
  const [sort, setSort] = useState<UserListSort>('-created_at');
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<UserListData | null>(null);
  /** The request whose answer is shown; loading while it differs from the wanted one. */
  const [loadedKey, setLoadedKey] = useState('');
  const [error, setError] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState<UserView | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const requestKey = JSON.stringify([query, status, sort, page, reload]);
  const loading = loadedKey !== requestKey;
  useEffect(() => {
    let cancelled = false;
    listUsers({ search: query, status: status || undefined, sort, page, limit: PAGE_SIZE })
      .then((result) => {
        if (cancelled) return;
        setData(result);
        setError('');
      })
      .catch((err: unknown) => !cancelled && setError(apiErrorMessage(err)))
      .finally(() => !cancelled && setLoadedKey(requestKey));
    return () => {
      cancelled = true;
    };
  }, [query, status, sort, page, requestKey]);

  const act = async (user: UserView, action: UserStatusAction) => {
    setBusyId(user.userId);
    try {
      await updateUserStatus(user.userId, action);
      notify.success(t(`admin.done.${action}`, { name: fullName(user) || user.email || user.phone || '' }));
      setReload((n) => n + 1);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusyId(null);
      setConfirmBlock(null);
    }
  };

  const onAction = (user: UserView, action: UserStatusAction) => {
    if (action === 'block') setConfirmBlock(user);
    else void act(user, action);
  };

  const sortBy = (field: SortField) => {
    setSort((current) => (current === field ? (`-${field}` as UserListSort) : (field as UserListSort)));
    setPage(1);
  };
  const ariaSort = (field: SortField): 'ascending' | 'descending' | 'none' => (sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none');

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = data?.user_list ?? [];
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  const header = (field: SortField, label: string) => (
    <th scope="col" aria-sort={ariaSort(field)}>
      <button type="button" className={styles.sortButton} onClick={() => sortBy(field)}>
        {label}
        {sort === field ? ' ▲' : sort === `-${field}` ? ' ▼' : ''}
      </button>
    </th>
  );

  return (
    <>
      <div className={styles.toolbar}>
        <label htmlFor={searchId} className={`${styles.field} ${styles.search}`}>
          {t('admin.search')}
          <input id={searchId} type="search" className={styles.control} value={search} placeholder={t('admin.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label htmlFor={statusId} className={styles.field}>
          {t('admin.status')}
          <select
            id={statusId}
            className={styles.control}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as UserStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('admin.allStatuses')}</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <div className={styles.tableWrap} aria-busy={loading || undefined}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('admin.caption')}</caption>
          <thead>
            <tr>
              {header('name', t('admin.columns.name'))}
              {header('email', t('admin.columns.email'))}
              <th scope="col">{t('admin.columns.phone')}</th>
              {header('status', t('admin.columns.status'))}
              {header('created_at', t('admin.columns.created'))}
              <th scope="col">{t('admin.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => (
              <tr key={user.userId}>
                <td>{fullName(user) || <span className={styles.muted}>{t('profile.notSet')}</span>}</td>
                <td>{user.email ?? ''}</td>
                <td>{user.phone ?? ''}</td>
                <td>
                  <span className={`${styles.badge} ${styles[user.status]}`}>{t(`admin.statuses.${user.status}`)}</span>
                </td>
                <td>{dayjs(user.created_at).format(DATE_DISPLAY_FORMAT)}</td>
                <td>
                  <div className={styles.actions}>
                    {(user.userId === selfId ? [] : (ACTIONS_BY_STATUS[user.status] ?? [])).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={`${buttonStyles.button} ${action === 'block' ? buttonStyles.secondary : buttonStyles.primary} ${styles.actionButton}`}
                        disabled={busyId === user.userId}
                        aria-label={t(`admin.actionFor.${action}`, { name: fullName(user) || user.email || user.phone || '' })}
                        onClick={() => onAction(user, action)}
                      >
                        {t(`admin.actions.${action}`)}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {loading && rows.length === 0 && <LoadingOverlay inline />}
        {!loading && rows.length === 0 && !error && <p className={styles.empty}>{t('admin.empty')}</p>}
      </div>
      <div className={styles.pager}>
        <span>{t('admin.showing', { first, last, total })}</span>
        <div className={styles.pagerButtons}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('admin.previous')}
          </button>
          <span>{t('admin.pageOf', { page, pages })}</span>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
            {t('admin.next')}
          </button>
        </div>
      </div>
      <ConfirmModal
        open={confirmBlock !== null}
        title={t('admin.blockTitle')}
        confirmLabel={t('admin.actions.block')}
        cancelLabel={t('profile.cancel')}
        busy={confirmBlock !== null && busyId === confirmBlock.userId}
        onConfirm={() => confirmBlock && void act(confirmBlock, 'block')}
        onCancel={() => setConfirmBlock(null)}
      >
        {t('admin.blockText', { name: confirmBlock ? fullName(confirmBlock) || confirmBlock.email || confirmBlock.phone || '' : '' })}
      </ConfirmModal>
    </>
  );
}
