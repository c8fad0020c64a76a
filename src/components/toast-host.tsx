import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../config/constants';
import { isToastHostRequested, subscribeToastHost, toastContainerMounted } from '../lib/toast';

const LazyToastContainer = lazy(() =>
  import('react-toastify').then(({ ToastContainer }) => ({
    default: function AppToastContainer() {
      // The container registers itself in its own effects, which run before this one.
      useEffect(() => toastContainerMounted(), []);
      return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
    },
  })),
);

/** Mounts <ToastContainer position="top-right" autoClose={5000}/> once the first toast is raised. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToastHost, isToastHostRequested, isToastHostRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}
