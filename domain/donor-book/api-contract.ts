/**
 * Paths of the donor book API (SPEC §7 Donations, Donors, Expenses and dashboard; ARCHITECTURE §4) and
 * the shapes its areas share, for the SPA and the server. The request/response shapes of each area
 * are in their own file of this folder: donors-, pledges-, donations-, follow-up-, tags-notes-,
 * donor-reports-, expenses- and dashboard-contract.ts.
 * - `{id}` / `:campaignId` in a path is the campaign id; every call is scoped to that campaign.
 * - Money is integer cents (`*_cents`); dates are 'YYYY-MM-DD' on the wire, timestamps ISO strings.
 * - Lists answer `{ data: { <name>_list: [...], total, page, limit } }` and page on the server.
 * - Writes answer the written row (`data`) with a `message_code` (domain/messages.ts).
 * Pure TypeScript: no React, no Node.
 */

// ── paths ───────────────────────────────────────────────────────────────────────────────────

const D = '/donation';
const DD = '/donation/donor';
const DE = '/donation/expense';
const DS = '/donation/dashboard/stats';

/** Paths with `:campaignId` (and a second `:xxxId`) are GET/DELETE; the others are POST with campaign_id in the body. */
export const DONOR_BOOK_PATHS = {
  // donors
  addDonor: `${DD}/add_donor`,
  updateDonor: `${DD}/update_donor`,
  deleteDonor: `${DD}/delete_donor/:campaignId/:donorId`,
  getDonor: `${DD}/get_donor/:campaignId/:donorId`,
  mergeDonor: `${DD}/merge_donor`,
  listDonor: `${DD}/list_donor/:campaignId`,
  listDonorPledgeInfo: `${DD}/list_donor_pledge_info/:campaignId`,
  listDonorLimit: `${DD}/list_donor_limit/:campaignId`,
  listDonorHistory: `${DD}/list_donor_history/:campaignId`,
  listDonorMatch: `${DD}/list_donor_match/:campaignId`,
  listDonorTags: `${DD}/list_donor_tags/:campaignId`,
  // doing business with the City: review an extract of the Doing Business Database, then mark the chosen donors
  reviewDoingBusiness: `${DD}/review_doing_business`,
  applyDoingBusiness: `${DD}/apply_doing_business`,
  // pledges
  addPledge: `${DD}/add_pledge`,
  updatePledge: `${DD}/update_pledge`,
  writeOffPledge: `${DD}/write_off_pledge`,
  deletePledge: `${DD}/delete_pledge/:campaignId/:pledgeId`,
  // follow-up calls and reminders
  followUpList: `${DD}/follow_up_list/:campaignId`,
  addFollowUpCall: `${DD}/add_follow_up_call`,
  listFollowUpCall: `${DD}/list_follow_up_call/:campaignId`,
  sendNotification: `${DD}/send_notification/:campaignId`,
  nextPaymentDate: `${DD}/get-next-payment-date/:campaignId/:donorId`,
  // tags and notes
  addMetadata: `${DD}/add_metadata`,
  updateMetadata: `${DD}/update_metadata`,
  getMetadata: `${DD}/get_metadata/:campaignId/:metadataId`,
  listMetadata: `${DD}/list_metadata/:campaignId`,
  deleteMetadata: `${DD}/delete_metadata/:campaignId/:metadataId`,
  // donations
  addDonation: `${D}/add_donation`,
  updateDonation: `${D}/update_donation`,
  refundDonation: `${D}/refund_donation`,
  deleteDonation: `${D}/delete_donation/:campaignId/:donationId`,
  listDonation: `${D}/list_donation/:campaignId`,
  // expenses
  addExpense: `${DE}/add_expense`,
  updateExpense: `${DE}/update_expense`,
  deleteExpense: `${DE}/delete_expense/:campaignId/:expenseId`,
  listExpense: `${DE}/list_expense/:campaignId`,
  // expense attachments (receipts): signed upload, then attach; list, signed download, delete
  expenseAttachmentPresignedUrl: `${DE}/attachment_presigned_url`,
  addExpenseAttachment: `${DE}/add_attachment`,
  listExpenseAttachment: `${DE}/list_attachment/:campaignId/:expenseId`,
  expenseAttachmentDownload: `${DE}/attachment_download/:campaignId/:attachmentId`,
  deleteExpenseAttachment: `${DE}/delete_attachment/:campaignId/:attachmentId`,
  // dashboard
  totalStats: `${DS}/total-stats/:campaignId`,
  monthlyStats: `${DS}/monthly-stats/:campaignId`,
  cycleStats: `${DS}/cycle-stats/:campaignId`,
} as const;

/** Fills `:name` segments: donorBookPath(DONOR_BOOK_PATHS.getDonor, { campaignId, donorId }). */
export function donorBookPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

// ── shared list query ───────────────────────────────────────────────────────────────────────

/** Every list: page (from 1), limit (1–500, default 25), search, sort ('field' or '-field'). */
export interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  /** Inclusive 'YYYY-MM-DD' range where the list has a date. */
  start_date?: string;
  end_date?: string;
}

export interface Paged {
  total: number;
  page: number;
  limit: number;
}

/**
 * A gift or pledge dated outside the campaign's election cycle is refused with 422
 * OUTSIDE_ELECTION_CYCLE (details: cycle, cycle_start, cycle_end, counts_toward) unless the request
 * says `confirm_outside_cycle: true`; it then counts toward the cycle it falls in, not this one.
 */
export interface OutsideCycleConfirmation {
  confirm_outside_cycle?: boolean;
}
