import { skipToken } from '@reduxjs/toolkit/query/react';
import dayjs from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MemberItem, RoleItem } from '../../../../domain/campaign';
import { inviteMemberFormSchema } from '../../../../domain/validation/campaign';
import { useAppSelector } from '../../../app/hooks';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { DATE_DISPLAY_FORMAT } from '../../../config/constants';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { useCampaignData } from '../../../lib/api';
import {
  useInviteMemberMutation,
  useInvitationsQuery,
  useMembersQuery,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  useUpdateMemberRoleMutation,
  type WithCode,
} from '../api/team-api';
import styles from '../pages/user-management-page.module.css';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

function fullName(m: MemberItem): string {
  return [m.name, m.last_name].filter(Boolean).join(' ') || m.email || m.phone || '';
}

interface MembersTabProps {
  campaignId: string;
  roles: RoleItem[];
}

/** Members (search, paging, role change, removal), the invite form and open invitations. */
export function MembersTab({ campaignId, roles }: MembersTabProps) {
  const { t } = useTranslation();
  const canManage = useCan('member.manage');
  const selfId = useAppSelector((s) => (s.user.userId === null ? null : String(s.user.userId)));
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [confirmRemove, setConfirmRemove] = useState<MemberItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // Read afresh when the tab opens (another tab may have changed roles); writes refresh them by tag.
  const members = useMembersQuery({ campaignId, page, limit: PAGE_SIZE, search: query || undefined }, { refetchOnMountOrArgChange: true });
  const invitationList = useInvitationsQuery(canManage ? campaignId : skipToken, { refetchOnMountOrArgChange: true });
  const data = useCampaignData(members, campaignId) ?? null;
  const error = members.isError ? apiErrorMessage(members.error) : '';
  const invitations = useCampaignData(invitationList, campaignId)?.invitation_list ?? [];
  const [updateMemberRole] = useUpdateMemberRoleMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [revokeInvitation] = useRevokeInvitationMutation();

  const run = async (key: string, action: () => { unwrap: () => Promise<WithCode> }, fallbackKey: string) => {
    setBusy(key);
    try {
      const result = await action().unwrap();
      notify.success(successMessage(result.message_code, fallbackKey));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(null);
    }
  };

  const roleOptions = roles.map((r) => ({ value: r.role_key, label: r.name }));
  const rows = data?.member_list ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      {canManage && roleOptions.length > 0 && <InviteForm campaignId={campaignId} roleOptions={roleOptions} />}
      <section className={styles.card} aria-labelledby="members-heading">
        <h2 id="members-heading" className={styles.heading}>
          {t('team.membersTitle')}
        </h2>
        <div className={styles.toolbar}>
          <label htmlFor={searchId} className={styles.search}>
            {t('team.search')}
            <input id={searchId} type="search" className={styles.control} value={search} placeholder={t('team.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
          </label>
        </div>
        {error && <p role="alert">{error}</p>}
        <table className={styles.table}>
          <caption className="visually-hidden">{t('team.membersTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.columns.name')}</th>
              <th scope="col">{t('team.columns.email')}</th>
              <th scope="col">{t('team.columns.role')}</th>
              <th scope="col">{t('team.columns.joined')}</th>
              {canManage && <th scope="col">{t('team.columns.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => {
              const self = m.user_id === selfId;
              return (
                <tr key={m.user_id}>
                  <td>{fullName(m)}</td>
                  <td>{m.email ?? ''}</td>
                  <td>
                    {canManage && !self ? (
                      <select
                        className={styles.control}
                        aria-label={t('team.roleOf', { name: fullName(m) })}
                        value={m.role}
                        disabled={busy === m.user_id}
                        onChange={(e) => {
                          const role = e.target.value;
                          void run(m.user_id, () => updateMemberRole({ campaign_id: campaignId, user_id: m.user_id, role }), 'messages.MEMBER_ROLE_UPDATED');
                        }}
                      >
                        {roleOptions.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      m.role_name
                    )}
                  </td>
                  <td>{dayjs(m.joined_at).format(DATE_DISPLAY_FORMAT)}</td>
                  {canManage && (
                    <td>
                      {!self && (
                        <SubmitButton type="button" variant="secondary" className={styles.small} aria-label={t('team.removeFor', { name: fullName(m) })} onClick={() => setConfirmRemove(m)}>
                          {t('team.remove')}
                        </SubmitButton>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {data && rows.length === 0 && <p className={styles.muted}>{t('team.noMembers')}</p>}
        <div className={styles.pager}>
          <span>{t('admin.pageOf', { page, pages })}</span>
          <div className={styles.actions}>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('admin.previous')}
            </button>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('admin.next')}
            </button>
          </div>
        </div>
      </section>
      {canManage && (
        <section className={styles.card} aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className={styles.heading}>
            {t('team.invitationsTitle')}
          </h2>
          {invitations.length === 0 ? (
            <p className={styles.muted}>{t('team.noInvitations')}</p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">{t('team.invitationsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('team.columns.email')}</th>
                  <th scope="col">{t('team.columns.role')}</th>
                  <th scope="col">{t('team.columns.sent')}</th>
                  <th scope="col">{t('team.columns.expires')}</th>
                  <th scope="col">{t('team.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((inv) => (
                  <tr key={inv.invitation_id}>
                    <td>{inv.email}</td>
                    <td>{inv.role_name}</td>
                    <td>{dayjs(inv.created_at).format(DATE_DISPLAY_FORMAT)}</td>
                    <td>{dayjs(inv.expires_at).format(DATE_DISPLAY_FORMAT)}</td>
                    <td>
                      <SubmitButton
                        type="button"
                        variant="secondary"
                        className={styles.small}
                        loading={busy === inv.invitation_id}
                        aria-label={t('team.revokeFor', { email: inv.email })}
                        onClick={() => void run(inv.invitation_id, () => revokeInvitation({ campaignId, invitationId: inv.invitation_id }), 'messages.INVITATION_REVOKED')}
                      >
                        {t('team.revoke')}
                      </SubmitButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      <ConfirmModal
        open={confirmRemove !== null}
        title={t('team.removeTitle')}
        confirmLabel={t('team.remove')}
        cancelLabel={t('profile.cancel')}
        busy={confirmRemove !== null && busy === confirmRemove.user_id}
        onConfirm={() => {
          const m = confirmRemove;
          if (!m) return;
          void run(m.user_id, () => removeMember({ campaignId, userId: m.user_id }), 'messages.MEMBER_REMOVED').finally(() => setConfirmRemove(null));
        }}
        onCancel={() => setConfirmRemove(null)}
      >
        {t('team.removeText', { name: confirmRemove ? fullName(confirmRemove) : '' })}
      </ConfirmModal>
    </>
  );
}

interface InviteValues {
  email: string;
  role: string;
}

function InviteForm({ campaignId, roleOptions }: { campaignId: string; roleOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const [inviteMember] = useInviteMemberMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ defaultValues: { email: '', role: 'staff' }, resolver: catalogueResolver<InviteValues>(inviteMemberFormSchema), mode: 'onBlur' });
  const onSubmit = async (values: InviteValues) => {
    try {
      const result = await inviteMember({ campaign_id: campaignId, email: values.email.trim(), role: values.role }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.INVITATION_SENT'));
      reset({ email: '', role: values.role });
    } catch (err) {
      notify.apiError(err);
    }
  };
  return (
    <form className={styles.card} onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading" className={styles.heading}>
        {t('team.inviteTitle')}
      </h2>
      <div className={styles.inline}>
        <TextInput label={t('team.email')} type="email" required error={errors.email?.message} {...register('email')} />
        <SelectField label={t('team.role')} required options={roleOptions} error={errors.role?.message} {...register('role')} />
        <SubmitButton className={styles.inlineButton} loading={isSubmitting}>
          {t('team.sendInvitation')}
        </SubmitButton>
      </div>
    </form>
  );
}
