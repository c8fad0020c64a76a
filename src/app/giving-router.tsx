import { Suspense, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../config/paths';
import { PlainLayout, type PlainRouteHandle } from '../layouts/plain/plain-layout';
import { lazyPage } from '../lib/lazy-page';
import { hardNavigate } from '../lib/navigation';
import PublicDonation from '../features/payments/pages/public-donation-page';

/**
 * The giving page is part of this entry (its scripts are preloaded with the entry's, no lazy-chunk
 * round trip nor suspense delay before the form); the pledge link's page is its own chunk.
 */
const PayYourDonation = lazyPage(() => import('../features/payments/pages/pay-your-donation-page'));

function donorPage(path: string, Component: ComponentType) {
  return { path, element: <Component />, handle: { donorPage: true } satisfies PlainRouteHandle };
}

/**
 * Any other address (a payment result page, the staff sign-in) belongs to the staff app: a full
 * page load there, where the server answers with the staff entry (index.html). The address this
 * document was loaded for never leaves (no loop): it shows the 404 page.
 */
function ElsewhereInTheApp({ documentPath }: { documentPath: string }) {
  const location = useLocation();
  const elsewhere = location.pathname !== documentPath;
  useEffect(() => {
    if (elsewhere) hardNavigate(`${location.pathname}${location.search}${location.hash}`);
  }, [elsewhere, location.pathname, location.search, location.hash]);
  return elsewhere ? <LoadingOverlay /> : <NotFoundPage />;
}

function GivingRoot() {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Outlet />
    </Suspense>
  );
}

/** The route tree of the donors' entry (giving.html); the staff app (router.tsx) has these pages too. */
export function buildGivingRoutes(documentPath: string): RouteObject[] {
  return [
    {
      element: <GivingRoot />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <PlainLayout />,
          children: [
            donorPage(paths.payYourDonation, PayYourDonation),
            donorPage(paths.donationSlug, PublicDonation),
            { path: '*', element: <ElsewhereInTheApp documentPath={documentPath} /> },
          ],
        },
      ],
    },
  ];
}

export function createGivingRouter() {
  return createBrowserRouter(buildGivingRoutes(window.location.pathname));
}
