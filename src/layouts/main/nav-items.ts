import type { ResourceName } from '../../../domain/permissions';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  labelKey: string;
  /** Hidden unless the selected campaign grants this resource (no resource: always shown). */
  resource?: ResourceName;
}

export const primaryNav: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard', resource: 'dashboard.read' },
  { to: paths.campaign, labelKey: 'nav.campaign' },
  { to: paths.paymentGateway, labelKey: 'nav.paymentGateway', resource: 'payment_gateway.read' },
  { to: paths.myAccount, labelKey: 'nav.myAccount' },
  { to: paths.donorList, labelKey: 'nav.donorList', resource: 'donor.read' },
  { to: paths.expenses, labelKey: 'nav.expenses', resource: 'expense.read' },
];

export const reportNav: NavItem[] = [
  { to: paths.donationReport, resource: 'report.read', labelKey: 'nav.donationReport' },
  { to: paths.pledgesReceivableReport, resource: 'report.read', labelKey: 'nav.pledgesReceivableReport' },
  { to: paths.donorLimitReport, resource: 'report.read', labelKey: 'nav.donorLimitReport' },
  { to: paths.donorHistoryReport, resource: 'report.read', labelKey: 'nav.donorHistoryReport' },
  { to: paths.matchReport, resource: 'report.read', labelKey: 'nav.matchReport' },
  { to: paths.dueReport, resource: 'report.read', labelKey: 'nav.dueReport' },
  { to: paths.expenseReport, resource: 'report.read', labelKey: 'nav.expenseReport' },
  { to: paths.intermediaryReport, resource: 'report.read', labelKey: 'nav.intermediaryReport' },
  { to: paths.filings, resource: 'report.read', labelKey: 'nav.filings' },
];

export const secondaryNav: NavItem[] = [
  { to: paths.bulkHistory, labelKey: 'nav.bulkHistory', resource: 'upload.read' },
  { to: paths.followUpCall, labelKey: 'nav.followUpCall', resource: 'follow_up.read' },
  { to: paths.purchaseHistory, labelKey: 'nav.purchaseHistory', resource: 'package.read' },
  { to: paths.rolesAndAccess, labelKey: 'nav.rolesAndAccess', resource: 'role.manage' },
  { to: paths.userManagement, labelKey: 'nav.usersManagement', resource: 'member.read' },
];

/** The Reports group shows when report.read is granted. */
export const REPORTS_RESOURCE: ResourceName = 'report.read';

/** Platform administrators only. */
export const adminNav: NavItem[] = [
  { to: paths.adminUsers, labelKey: 'nav.usersApproval' },
  { to: paths.approveCampaign, labelKey: 'nav.campaignApproval' },
];
