/** Every route path of the SPA, once (SPEC §2). */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  campaign: '/campaign',
  approveCampaign: '/campaign/approve_campaign',
  campaignDetails: '/campaign/campaign-details',
  myAccount: '/my-account',
  userManagement: '/user-management',
  rolesAndAccess: '/user-management?tab=roles',
  paymentGateway: '/payment_gateway',
  paymentReconcile: '/payment_gateway/reconcile',
  donorList: '/donor-list',
  donorPage: '/donor-list/:donorId',
  expenses: '/expenses',
  donationReport: '/donation-report',
  pledgesReceivableReport: '/pledges-receivable-report',
  donorLimitReport: '/donor-limit-report',
  donorHistoryReport: '/donor-history-report',
  matchReport: '/match-report',
  dueReport: '/due-report',
  expenseReport: '/expense-report',
  intermediaryReport: '/intermediary-report',
  filings: '/filings',
  followUpCall: '/follow-up-call',
  purchaseHistory: '/purchase-history',
  purchasePackage: '/purchase-package',
  bulkHistory: '/bulk-history',
  payYourDonation: '/pay-your-donation',
  donationSlug: '/:slug',
  paymentSuccess: '/payment-success',
  paymentError: '/payment-error',
  error400: '/pages/errors/error400',
  adminUsers: '/admin/users',
  devOutbox: '/dev-outbox',

  login: '/auth/login',
  registration: '/auth/registration',
  verifyRegistrationMobile: '/auth/verify-registration-mobile',
  verifyRegistrationEmail: '/auth/verify-registration-email',
  confirmSignup: '/auth/confirm-signup',
  recoverPassword: '/auth/recover-password',
  forgetPasswordEmail: '/auth/forget-password-email',
  forgetPasswordMobile: '/auth/forget-password-mobile',
  setPassword: '/auth/set-password',
  resetPassword: '/auth/reset-password',
  socialLoginInt: '/auth/social-login-int',
  linkedinLogout: '/linkedin-logout',
} as const;

/** The page of one donor (nested under the donor list). */
export function donorPagePath(donorId: string): string {
  return `/donor-list/${encodeURIComponent(donorId)}`;
}

/** Builds the login URL carrying the page to come back to (path + query). */
export function loginPathWithRedirect(pathAndQuery: string): string {
  return `${paths.login}?redirect_to=${encodeURIComponent(pathAndQuery)}`;
}
