/**
 * One name for each figure that people read in several places (issue 33): the dashboard, the donor
 * page, the report pages and the report files say the same words for the same count, and a one-line
 * explanation where two figures that sound alike differ. The SPA's catalogue (src/locales/en/staff.json)
 * holds the same texts; tests compare them with these. Pure: no React, no Node.
 */

/** Every pledge not written off, paid or not (the dashboard's card, the donor page, the monthly chart). */
export const PLEDGED = {
  label: 'Pledged, not written off',
  hint: 'Every pledge not written off, paid or not',
} as const;

/** What the pledges with money still owed promised (the Pledges receivable report). */
export const COMMITTED_OPEN = {
  label: 'Committed on open pledges',
  hint: "Pledges with money still owed; paid-up and written-off pledges are left out, unlike the dashboard's Pledged",
} as const;

/** A written-off pledge: listed on the donor page, counted in no total. */
export const WRITTEN_OFF = {
  label: 'Written off',
  hint: 'Not counted in Pledged or Outstanding',
} as const;

/** Donations that count on the dashboard: a donation refunded in full is not counted. */
export const DONATIONS_COUNTED = {
  /** After the count: '81 donations not refunded in full'. */
  unit: 'not refunded in full',
} as const;

/** Every donation received (the Donation report): a donation refunded in full is counted. */
export const DONATIONS_RECEIVED = {
  label: 'Donations received',
  hint: (refundedInFull: number): string =>
    refundedInFull === 0
      ? 'None refunded in full'
      : `${refundedInFull.toLocaleString('en-US')} refunded in full and counted here, not on the dashboard`,
} as const;

/**
 * The refund-date rule of every report (issue 33): a refund counts on its own date, the date filings
 * use, so a gift received in one period and refunded in the next shows whole in the first and as a
 * refund in the second. Each report says how it applies in its header line (the page's and the
 * file's filter line); null where no refund is counted.
 */
export const REFUND_RULE = "Refunds count on the refund's own date";
