import { lazy, Suspense, useId, useState } from 'react';
import { Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';
import { Sidebar } from './sidebar';
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

  return (
    <div className={styles.shell}>
      <Header sidebarOpen={sidebarOpen} sidebarId={sidebarId} onToggleSidebar={() => setSidebarOpen((v) => !v)} />
      <div className={styles.body}>
        {sidebarOpen && <Sidebar id={sidebarId} onNavigate={() => isNarrow() && setSidebarOpen(false)} />}
        <div className={styles.column}>
          <main className={styles.content}>
            <Suspense fallback={<LoadingOverlay inline />}>
              <Outlet />
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
      {needsProfile && (
        <Suspense fallback={null}>
          <ProfileCompletionModal />
        </Suspense>
      )}
    </div>
  );
}
