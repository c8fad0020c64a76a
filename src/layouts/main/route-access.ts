import type { ResourceName } from '../../../domain/permissions';
import { paths } from '../../config/paths';

export interface RouteAccess {
  /** The resource needed to see the page in the selected campaign. */
  resource: ResourceName;
  /** i18n prefix of the page's title and context (shown on the gate pages). */
  pageKey: string;
}

/** Campaign-scoped pages: they need a selected campaign and a read resource (SPEC §6). */
const ROUTE_ACCESS: Record<string, RouteAccess> = {
  [paths.dashboard]: { resource: 'dashboard.read', pageKey: 'pages.dashboard' },
  [paths.paymentGateway]: { resource: 'payment_gateway.read', pageKey: 'pages.paymentGateway' },
  // The reconcile report reads PayPal with the campaign's credentials: the owner's (as its API).
  [paths.paymentReconcile]: { resource: 'payment_gateway.write', pageKey: 'pages.paymentReconcile' },
  [paths.donorList]: { resource: 'donor.read', pageKey: 'pages.donorList' },
  [paths.expenses]: { resource: 'expense.read', pageKey: 'expenses' },
  [paths.donationReport]: { resource: 'report.read', pageKey: 'pages.donationReport' },
  [paths.pledgesReceivableReport]: { resource: 'report.read', pageKey: 'pages.pledgesReceivableReport' },
  [paths.donorLimitReport]: { resource: 'report.read', pageKey: 'pages.donorLimitReport' },
  [paths.donorHistoryReport]: { resource: 'report.read', pageKey: 'pages.donorHistoryReport' },
  [paths.matchReport]: { resource: 'report.read', pageKey: 'pages.matchReport' },
  [paths.dueReport]: { resource: 'report.read', pageKey: 'pages.dueReport' },
  [paths.expenseReport]: { resource: 'report.read', pageKey: 'pages.expenseReport' },
  [paths.intermediaryReport]: { resource: 'report.read', pageKey: 'pages.intermediaryReport' },
  [paths.filings]: { resource: 'report.read', pageKey: 'pages.filings' },
  [paths.followUpCall]: { resource: 'follow_up.read', pageKey: 'pages.followUpCall' },
  [paths.purchaseHistory]: { resource: 'package.read', pageKey: 'pages.purchaseHistory' },
  [paths.purchasePackage]: { resource: 'package.read', pageKey: 'pages.purchasePackage' },
  [paths.bulkHistory]: { resource: 'upload.read', pageKey: 'pages.bulkHistory' },
  [paths.userManagement]: { resource: 'member.read', pageKey: 'pages.userManagement' },
};

/** Nested pages take their parent's access (e.g. /donor-list/:donorId needs donor.read). */
const NESTED_ACCESS: readonly (readonly [string, RouteAccess])[] = [[`${paths.donorList}/`, ROUTE_ACCESS[paths.donorList]!]];

export function routeAccess(pathname: string): RouteAccess | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ROUTE_ACCESS[path] ?? NESTED_ACCESS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? null;
}
