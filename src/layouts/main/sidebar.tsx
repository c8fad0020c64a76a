import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentResources } from '../../app/use-can';
import { ExpiryCard } from './expiry-card';
import { adminNav, primaryNav, REPORTS_RESOURCE, reportNav, secondaryNav, type NavItem } from './nav-items';
import styles from './sidebar.module.css';
import { selectHasCampaignSelection } from '../../app/campaign-selectors';

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

/** Links carrying a query (Roles and Access) are active only when path and query match. */
function SidebarLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [path, query] = item.to.split('?');
  if (query !== undefined || path === '/user-management') {
    const active = location.pathname === path && location.search.replace(/^\?/, '') === (query ?? '');
    return (
      <Link to={item.to} className={linkClass({ isActive: active })} aria-current={active ? 'page' : undefined}>
        {t(item.labelKey)}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} className={linkClass} end={false}>
      {t(item.labelKey)}
    </NavLink>
  );
}

interface SidebarProps {
  id: string;
  onNavigate?: () => void;
}

export function Sidebar({ id, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const reportsId = useId();
  const isPlatformAdmin = useAppSelector((state) => state.user.is_platform_admin === true);
  const hasSelection = useAppSelector(selectHasCampaignSelection);
  const resources = useAppSelector(selectCurrentResources);
  /** No campaign selected: every entry shows (its page asks to select one); otherwise only what the role grants. */
  const allowed = (resource: string | undefined) => !resource || !hasSelection || (resources?.includes(resource) ?? false);
  const visible = (items: NavItem[]) => items.filter((item) => allowed(item.resource));
  const inReports = reportNav.some((item) => item.to === pathname);
  const [reportsOpen, setReportsOpen] = useState(inReports);
  const showReports = reportsOpen || inReports;

  return (
    <aside id={id} className={styles.sidebar} onClick={(e) => (e.target as HTMLElement).closest('a') && onNavigate?.()}>
      <nav aria-label={t('nav.main')} className={styles.nav}>
        <ul className={styles.list}>
          {visible(primaryNav).map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} />
            </li>
          ))}
          {allowed(REPORTS_RESOURCE) && (
          <li>
            <button
              type="button"
              className={`${styles.link} ${styles.group}`}
              aria-expanded={showReports}
              aria-controls={reportsId}
              onClick={() => setReportsOpen(!showReports)}
            >
              <span>{t('nav.reports')}</span>
              <svg className={showReports ? styles.chevronOpen : styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M3 4.5l3 3 3-3" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
              </svg>
            </button>
            <ul id={reportsId} className={styles.subList} hidden={!showReports}>
              {reportNav.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} />
                </li>
              ))}
            </ul>
          </li>
          )}
          {visible(secondaryNav).map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} />
            </li>
          ))}
          {isPlatformAdmin &&
            adminNav.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} />
              </li>
            ))}
        </ul>
      </nav>
      <ExpiryCard />
    </aside>
  );
}
