import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { MaintenancePage } from '../components/maintenance-page';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { config } from '../config/env';
import { paths } from '../config/paths';
import { AuthLayout } from '../layouts/auth/auth-layout';
import { PlainLayout, type PlainRouteHandle } from '../layouts/plain/plain-layout';
import { isMaintenanceOverridden } from '../lib/session';
import { PublicOnly, RequireAuth } from './guards';
import { pages } from './pages';

export interface RouteOptions {
  /** Maintenance flag; defaults to VITE_MAINTENANCE. */
  maintenance?: boolean;
  /** The dev outbox page; defaults to VITE_APP_ENV !== 'production'. */
  devOutbox?: boolean;
}

/** Staff layout in its own chunk: the login page does not download react-select. */
const MainLayout = lazy(() => import('../layouts/main/main-layout').then((m) => ({ default: m.MainLayout })));

function page(path: string, Component: ComponentType) {
  return { path, element: <Component /> };
}

/** A page donors meet (they have no staff account): its brand bar leads nowhere (layouts/plain). */
function donorPage(path: string, Component: ComponentType) {
  return { ...page(path, Component), handle: { donorPage: true } satisfies PlainRouteHandle };
}

function AppRoot({ maintenance }: { maintenance: boolean }) {
  if (maintenance && !isMaintenanceOverridden()) return <MaintenancePage />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Outlet />
    </Suspense>
  );
}

/** The whole route tree (SPEC §2); tests render it with createMemoryRouter. */
export function buildRoutes({ maintenance = config.maintenance, devOutbox = config.appEnv !== 'production' }: RouteOptions = {}): RouteObject[] {
  return [
    {
      element: <AppRoot maintenance={maintenance} />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to={paths.dashboard} replace /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <MainLayout />,
              children: [
                page(paths.dashboard, pages.Dashboard),
                page(paths.campaign, pages.Campaign),
                page(paths.campaignDetails, pages.CampaignDetails),
                page(paths.paymentGateway, pages.PaymentGateway),
                page(paths.paymentReconcile, pages.PaymentReconcile),
                page(paths.myAccount, pages.MyAccount),
                page(paths.donorList, pages.DonorList),
                page(paths.donorPage, pages.DonorPage),
                page(paths.expenses, pages.Expenses),
                page(paths.donationReport, pages.DonationReport),
                page(paths.pledgesReceivableReport, pages.PledgesReceivableReport),
                page(paths.donorLimitReport, pages.DonorLimitReport),
                page(paths.donorHistoryReport, pages.DonorHistoryReport),
                page(paths.matchReport, pages.MatchReport),
                page(paths.dueReport, pages.DueReport),
                page(paths.expenseReport, pages.ExpenseReport),
                page(paths.intermediaryReport, pages.IntermediaryReport),
                page(paths.filings, pages.Filings),
                page(paths.followUpCall, pages.FollowUpCall),
                page(paths.purchaseHistory, pages.PurchaseHistory),
                page(paths.purchasePackage, pages.PurchasePackage),
                page(paths.bulkHistory, pages.BulkHistory),
                page(paths.userManagement, pages.UserManagement),
                page(paths.adminUsers, pages.UsersApproval),
              ],
            },
            { element: <AuthLayout />, children: [page(paths.approveCampaign, pages.ApproveCampaign)] },
          ],
        },
        {
          // SPEC §2: public-only means the login and the social intermediary; a signed-in visitor goes to the dashboard.
          element: <PublicOnly />,
          children: [{ element: <AuthLayout />, children: [page(paths.login, pages.Login), page(paths.socialLoginInt, pages.SocialLoginInt)] }],
        },
        {
          // The other auth pages open signed in too: a confirm-signup or reset-password link from an e-mail must work.
          element: <AuthLayout />,
          children: [
            page(paths.registration, pages.Registration),
            page(paths.verifyRegistrationMobile, pages.VerifyRegistrationMobile),
            page(paths.verifyRegistrationEmail, pages.VerifyRegistrationEmail),
            page(paths.confirmSignup, pages.ConfirmSignup),
            page(paths.recoverPassword, pages.RecoverPassword),
            page(paths.forgetPasswordEmail, pages.ForgetPasswordEmail),
            page(paths.forgetPasswordMobile, pages.ForgetPasswordMobile),
            page(paths.setPassword, pages.SetPassword),
            page(paths.resetPassword, pages.ResetPassword),
          ],
        },
        {
          element: <PlainLayout />,
          children: [
            donorPage(paths.paymentSuccess, pages.PaymentSuccess),
            donorPage(paths.paymentError, pages.PaymentError),
            // Open: a donor follows a reminder's pledge link without an account.
            donorPage(paths.payYourDonation, pages.PayYourDonation),
            page(paths.error400, NotFoundPage),
            ...(devOutbox ? [page(paths.devOutbox, pages.DevOutbox)] : []),
            donorPage(paths.donationSlug, pages.PublicDonation),
            page('*', NotFoundPage),
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(options?: RouteOptions) {
  return createBrowserRouter(buildRoutes(options));
}
