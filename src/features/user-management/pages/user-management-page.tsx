import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RoleItem } from '../../../../domain/campaign';
import { useAppSelector } from '../../../app/hooks';
import { useCan } from '../../../app/use-can';
import { NoAccessPage } from '../../../components/access-gate';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignData } from '../../../lib/api';
import { useRolesQuery } from '../api/team-api';
import { MembersTab } from '../components/members-tab';
import { RolesTab } from '../components/roles-tab';
import styles from './user-management-page.module.css';
import { selectSelectedCampaignId } from '../../../app/campaign-selectors';

const NO_ROLES: RoleItem[] = [];

/** Team of the selected campaign: members and invitations; roles and access (?tab=roles). The layout gates member.read. */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const title = t('pages.userManagement.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'roles' ? 'roles' : 'members';
  const canManageRoles = useCan('role.manage');
  const selectedId = useAppSelector(selectSelectedCampaignId);
  const campaignId = selectedId ?? '';
  // Roles feed both tabs (the invite form's choices, the roles table); role writes refresh them by tag.
  const roles = useCampaignData(useRolesQuery(campaignId || skipToken, { refetchOnMountOrArgChange: true }), campaignId)?.role_list ?? NO_ROLES;

  return (
    <>
      <PageHeader title={title} context={t('pages.userManagement.context')} />
      <div className={styles.tabs} role="tablist" aria-label={title}>
        <Link role="tab" aria-selected={tab === 'members'} className={styles.tab} to={paths.userManagement}>
          {t('team.tabMembers')}
        </Link>
        {canManageRoles && (
          <Link role="tab" aria-selected={tab === 'roles'} className={styles.tab} to={paths.rolesAndAccess}>
            {t('team.tabRoles')}
          </Link>
        )}
      </div>
      <div role="tabpanel">
        {tab === 'members' && <MembersTab key={campaignId} campaignId={campaignId} roles={roles} />}
        {tab === 'roles' && (canManageRoles ? <RolesTab campaignId={campaignId} roles={roles} /> : <NoAccessPage />)}
      </div>
    </>
  );
}
