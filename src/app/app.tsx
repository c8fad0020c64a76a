import { useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { INITIAL_LOADER_MS } from '../config/constants';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  /** How long the initial full-page loader shows (SPEC §9: 1 s). */
  initialLoaderMs?: number;
}

export function App({ router, initialLoaderMs = INITIAL_LOADER_MS }: AppProps) {
  const [booting, setBooting] = useState(initialLoaderMs > 0);
  useEffect(() => {
    if (initialLoaderMs <= 0) return;
    const timer = setTimeout(() => setBooting(false), initialLoaderMs);
    return () => clearTimeout(timer);
  }, [initialLoaderMs]);
  if (booting) return <LoadingOverlay />;
  return <RouterProvider router={router} />;
}
