import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { config } from '../../config/env';
import { paths } from '../../config/paths';
import { CampaignSelect } from './campaign-select';
import styles from './header.module.css';
import { isCampaignScopeHidden } from './hide-rules';
import { ProfileMenu } from './profile-menu';

interface HeaderProps {
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
}

export function Header({ sidebarOpen, sidebarId, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.toggle}
        aria-label={t('header.toggleMenu')}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Link to={paths.dashboard} className={styles.brand}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className={styles.brandName}>{config.companyName}</span>
      </Link>
      <div className={styles.center}>{!isCampaignScopeHidden(pathname) && <CampaignSelect />}</div>
      <ProfileMenu />
    </header>
  );
}
