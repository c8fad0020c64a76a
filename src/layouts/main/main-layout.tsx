import { lazy, Suspense, useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { useRouteFocus } from '../../lib/use-route-focus';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';
import { PackageModals } from './package-modals';
import { RouteGate } from './route-gate';
import { Sidebar } from './sidebar';
import { useCampaignData } from './use-campaign-data';
import '../../lib/staff-catalogue';

const DESKTOP_MIN_WIDTH = 992;

/** Loaded only for users who still have to complete their profile. */
const ProfileCompletionModal = lazy(() => import('../../features/user/components/profile-completion-modal'));

function isNarrow(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < DESKTOP_MIN_WIDTH;
}

/** Private pages: header, sidebar, content, footer. */
export function MainLayout() {
  const sidebarId = useId();
  const [sidebarOpen, setSidebarOpen] = useState(() => !isNarrow());
  const needsProfile = useAppSelector((state) => state.user.userId !== null && state.user.is_profile_updated === 0);
  useCampaignData();
  useRouteFocus();

  return (
    <div className={styles.shell}>
      <SkipLink />
      <Header sidebarOpen={sidebarOpen} sidebarId={sidebarId} onToggleSidebar={() => setSidebarOpen((v) => !v)} />
      <div className={styles.body}>
        {sidebarOpen && <Sidebar id={sidebarId} onNavigate={() => isNarrow() && setSidebarOpen(false)} />}
        <div className={styles.column}>
          <main id={MAIN_ID} tabIndex={-1} className={styles.content}>
            <Suspense fallback={<LoadingOverlay inline />}>
              <RouteGate />
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
      {!needsProfile && <PackageModals />}
      {needsProfile && (
        <Suspense fallback={null}>
          <ProfileCompletionModal />
        </Suspense>
      )}
    </div>
  );
}
