import { Component, type ReactNode } from 'react';
import { FailedPage } from '../components/failed-page';
import { paths } from '../config/paths';
import { useDonorPage } from '../features/payments/donor-page-context';
import { PublicDonationView } from '../features/payments/pages/public-donation-view';
import { PlainFrame } from '../layouts/plain/plain-frame';
import { lazyPage } from '../lib/lazy-page';

/**
 * The donors' entry (giving.html), served for /{slug} and /pay-your-donation only (server/plugins/spa.ts):
 * no router and no store. It shows the page of the address it was loaded for; every link out of it
 * (a payment result page, home) is a page load, which the server answers with the staff app.
 * The giving page is part of the entry (no lazy-chunk round trip before the form); the pledge link's
 * page is its own chunk. The staff app (router.tsx) has these pages too.
 */
const PayYourDonationView = lazyPage(() => import('../features/payments/pages/pay-your-donation-view').then((m) => ({ default: m.PayYourDonationView })));

export type DonorRoute = { page: 'pledge'; token: string } | { page: 'giving'; slug: string } | { page: 'none' };

/** Which donor page an address shows (as the staff router matches /pay-your-donation and /:slug). */
export function donorRouteOf({ pathname, search }: { pathname: string; search: string }): DonorRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path.toLowerCase() === paths.payYourDonation) return { page: 'pledge', token: new URLSearchParams(search).get('token') ?? '' };
  const segment = /^\/([^/]+)$/.exec(path)?.[1];
  if (segment === undefined) return { page: 'none' };
  try {
    return { page: 'giving', slug: decodeURIComponent(segment) };
  } catch {
    return { page: 'giving', slug: segment }; // a malformed escape: the server knows no such campaign
  }
}

/** A page that throws while drawing: "Something went wrong" and a reload, as the staff router's error page. */
class DonorErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <FailedPage /> : this.props.children;
  }
}

function DonorPage({ route }: { route: DonorRoute }) {
  const { NotFound } = useDonorPage();
  if (route.page === 'pledge') return <PayYourDonationView token={route.token} />;
  if (route.page === 'giving') return <PublicDonationView slug={route.slug} />;
  return <NotFound />;
}

export function GivingApp({ route }: { route: DonorRoute }) {
  return (
    <DonorErrorBoundary>
      <PlainFrame>
        <DonorPage route={route} />
      </PlainFrame>
    </DonorErrorBoundary>
  );
}
