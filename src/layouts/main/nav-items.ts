import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  labelKey: string;
}

export const primaryNav: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard' },
  { to: paths.campaign, labelKey: 'nav.campaign' },
  { to: paths.paymentGateway, labelKey: 'nav.paymentGateway' },
  { to: paths.myAccount, labelKey: 'nav.myAccount' },
  { to: paths.donorList, labelKey: 'nav.donorList' },
];

export const reportNav: NavItem[] = [
  { to: paths.donationReport, labelKey: 'nav.donationReport' },
  { to: paths.pledgesReceivableReport, labelKey: 'nav.pledgesReceivableReport' },
  { to: paths.donorLimitReport, labelKey: 'nav.donorLimitReport' },
  { to: paths.donorHistoryReport, labelKey: 'nav.donorHistoryReport' },
  { to: paths.matchReport, labelKey: 'nav.matchReport' },
  { to: paths.dueReport, labelKey: 'nav.dueReport' },
  { to: paths.expenseReport, labelKey: 'nav.expenseReport' },
];

export const secondaryNav: NavItem[] = [
  { to: paths.bulkHistory, labelKey: 'nav.bulkHistory' },
  { to: paths.followUpCall, labelKey: 'nav.followUpCall' },
  { to: paths.purchaseHistory, labelKey: 'nav.purchaseHistory' },
  { to: paths.rolesAndAccess, labelKey: 'nav.rolesAndAccess' },
  { to: paths.userManagement, labelKey: 'nav.usersManagement' },
];

/** Platform administrators only. */
export const adminNav: NavItem[] = [{ to: paths.adminUsers, labelKey: 'nav.usersApproval' }];
