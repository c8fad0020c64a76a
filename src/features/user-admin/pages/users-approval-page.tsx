import dayjs from 'dayjs';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, type UserListSort, type UserStatus, type UserStatusAction, type UserView } from '../../../../domain/auth/api-contract';
import { useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, Pager, type DataTableColumn } from '../../../components/data-table';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { DATE_DISPLAY_FORMAT } from '../../../config/constants';
import { apiErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUsersQuery, useUpdateUserStatusMutation } from '../api/admin-users-api';
import { ACTIONS_BY_STATUS } from '../status-actions';
import styles from './users-approval-page.module.css';

export const PAGE_SIZE = 20;

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
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('pending');
  const [sort, setSort] = useState<UserListSort>('-created_at');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState<UserView | null>(null);
  const list = useAdminUsersQuery({ search: query, status: status || undefined, sort, page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [updateUserStatus] = useUpdateUserStatusMutation();
  // The last answer stays (dimmed) while the next loads; a status change reads the page again.
  const data = list.data ?? null;
  const loading = list.isFetching;
  const error = list.isError ? apiErrorMessage(list.error) : '';

  const onSearch = useCallback((value: string) => {
    setQuery(value);
    setPage(1);
  }, []);

  const act = async (user: UserView, action: UserStatusAction) => {
    setBusyId(user.userId);
    try {
      await updateUserStatus({ id: user.userId, action }).unwrap();
      notify.success(t(`admin.done.${action}`, { name: fullName(user) || user.email || user.phone || '' }));
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

  const total = data?.total ?? 0;
  const rows = data?.user_list ?? [];

  const columns: DataTableColumn<UserView>[] = [
    { id: 'name', header: t('admin.columns.name'), sortKey: 'name' satisfies SortField, cell: (user) => fullName(user) || <span className={styles.muted}>{t('profile.notSet')}</span> },
    { id: 'email', header: t('admin.columns.email'), sortKey: 'email' satisfies SortField, cell: (user) => user.email ?? '' },
    { id: 'phone', header: t('admin.columns.phone'), cell: (user) => user.phone ?? '' },
    {
      id: 'status',
      header: t('admin.columns.status'),
      sortKey: 'status' satisfies SortField,
      cell: (user) => <span className={`${styles.badge} ${styles[user.status]}`}>{t(`admin.statuses.${user.status}`)}</span>,
    },
    { id: 'created', header: t('admin.columns.created'), sortKey: 'created_at' satisfies SortField, descendingFirst: true, cell: (user) => dayjs(user.created_at).format(DATE_DISPLAY_FORMAT) },
    {
      id: 'actions',
      header: t('admin.columns.actions'),
      cell: (user) => (
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
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <SearchBox className={styles.search} label={t('admin.search')} placeholder={t('admin.searchPlaceholder')} value={query} onSearch={onSearch} />
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
      <DataTable
        caption={t('admin.caption')}
        columns={columns}
        rows={rows}
        rowKey={(user) => user.userId}
        loading={loading}
        sort={sort}
        onSortChange={(next) => {
          setSort(next as UserListSort);
          setPage(1);
        }}
        empty={t('admin.empty')}
        maxHeight="calc(100vh - 320px)"
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPageChange={setPage} disabled={loading} />
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
