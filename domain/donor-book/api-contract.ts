/**
 * Paths and request/response shapes of the donor book API (SPEC §7 Donations, Donors, Expenses and
 * dashboard; ARCHITECTURE §4), shared by the SPA and the server.
 * - `{id}` / `:campaignId` in a path is the campaign id; every call is scoped to that campaign.
 * - Money is integer cents (`*_cents`); dates are 'YYYY-MM-DD' on the wire, timestamps ISO strings.
 * - Lists answer `{ data: { <name>_list: [...], total, page, limit } }` and page on the server.
 * - Writes answer the written row (`data`) with a `message_code` (domain/messages.ts).
 * Pure TypeScript: no React, no Node.
 */
import type { ComplianceWarning } from '../compliance/types';
import type {
  BalanceFilter,
  CallOutcome,
  ContributorType,
  DonationSource,
  Eligibility,
  ExpensePaymentMethod,
  ExpensePurpose,
  MetadataKind,
  NotificationChannel,
  PaymentMethod,
  PledgeStatus,
} from './enums';

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

// ── donors ──────────────────────────────────────────────────────────────────────────────────

/** The donor fields a form edits (the donor import template's fields plus country). */
export interface DonorFields {
  name: string;
  donor_phone: string | null;
  donor_email: string | null;
  contributor_type: ContributorType;
  employer: string | null;
  occupation: string | null;
  address: string | null;
  apt_unit: string | null;
  city: string | null;
  /** snake_case US state; null for an international donor. */
  state: string | null;
  zip: string | null;
  district: string | null;
  /** ISO 3166-1 alpha-2, 'US' by default; another country makes the donor international. */
  country: string;
  eligibility: Eligibility;
  recipient: string | null;
  /**
   * Doing business with the City (NYC Doing Business Database): the lower NYC limit of the office applies
   * and nothing the donor gives is matchable. In a request: optional (absent on an update = unchanged).
   */
  doing_business: boolean;
}

/** review_doing_business: the Doing Business Database extract (CSV text with a header row). */
export interface DoingBusinessReviewRequest {
  campaign_id: string;
  file_text: string;
}

/** A row of the extract that matches a donor of the campaign (domain/donor-book/doing-business-extract.ts). */
export interface DoingBusinessMatch {
  row_number: number;
  extract_name: string;
  extract_address: string | null;
  extract_zip: string | null;
  donor_id: string;
  donor_name: string;
  donor_address: string | null;
  donor_zip: string | null;
  matched_by: 'name_zip' | 'name_address';
  already_marked: boolean;
}

export interface DoingBusinessReviewData {
  /** Rows of the extract with a name. */
  rows: number;
  /** Rows that match no donor of the campaign. */
  unmatched_rows: number;
  matches: DoingBusinessMatch[];
}

/** apply_doing_business: the donors the person chose in the review. */
export interface DoingBusinessApplyRequest {
  campaign_id: string;
  donor_ids: string[];
}

export interface DoingBusinessApplyData {
  /** Donors marked now. */
  marked: number;
  /** Donors that were marked already (left as they were). */
  already_marked: number;
}

export interface AddDonorRequest extends DonorFields {
  campaign_id: string;
}
export interface UpdateDonorRequest extends DonorFields {
  campaign_id: string;
  donor_id: string;
}
export interface MergeDonorRequest {
  campaign_id: string;
  /** The donor that stays. */
  survivor_id: string;
  /** The donor whose pledges, donations, calls, tags and notes move to the survivor; then it is deleted. */
  duplicate_id: string;
}

/** The campaign's election cycle: its value ('2029') and dates; null when the campaign has none (everything counts). */
export interface CycleInfo {
  value: string;
  start_date: string;
  end_date: string;
}

/**
 * Aggregates of one donor, net of refunds: pledged / paid / outstanding / aggregate for the campaign's
 * election cycle ("this cycle", what the limit and the match read), and the same three for all time.
 */
export interface DonorFigures {
  pledged_cents: number;
  paid_cents: number;
  /** Open pledges' remaining amounts (not written off). */
  outstanding_cents: number;
  /** Donations net of refunds plus outstanding pledges: what counts against the limit. */
  aggregate_cents: number;
  limit_cents: number | null;
  remaining_limit_cents: number | null;
  matchable_cents: number;
  public_funds_cents: number;
  /** All time, whatever the cycle (gifts dated outside the cycle show here). */
  all_time_pledged_cents: number;
  all_time_paid_cents: number;
  all_time_outstanding_cents: number;
}

export interface DonorRow extends DonorFields, DonorFigures {
  donor_id: string;
  is_international: boolean;
  tags: string[];
  last_donation_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface DonorListQuery extends ListQuery {
  /** sort: name | created_at | paid_cents | outstanding_cents | last_donation_date | contributor_type | eligibility (prefix '-' for descending) */
  contributor_type?: ContributorType;
  eligibility?: Eligibility;
  tag?: string;
  balance?: BalanceFilter;
  /** An election cycle value ('2025'): donors with a pledge or a donation dated in it. */
  cycle?: string;
}
export interface DonorListData extends Paged {
  donor_list: DonorRow[];
  /** The campaign's cycle the "this cycle" figures are for. */
  cycle: CycleInfo | null;
}

/** list_donor_tags: the campaign's distinct tags (case-insensitively), alphabetical; query search, limit (default 500). */
export interface DonorTagListData {
  tag_list: string[];
  total: number;
}

/** get_donor: the donor page. */
export interface DonorDetail extends DonorRow {
  /** The campaign's cycle the "this cycle" figures are for. */
  cycle: CycleInfo | null;
  warnings: ComplianceWarning[];
  pledges: PledgeRow[];
  next_payment: NextPayment | null;
  /** Set when the donor was created by a bulk upload: "Imported from <file_name>, row <row_number>". */
  import_origin: { upload_id: string; file_name: string; row_number: number } | null;
}

// ── pledges ─────────────────────────────────────────────────────────────────────────────────

export interface Instalment {
  due_date: string;
  amount_cents: number;
}

export interface PledgeFields {
  commitment_date: string;
  commitment_amount_cents: number;
  recipient: string | null;
  /** Optional schedule; its amounts add up to the commitment. Empty = one payment. */
  instalments: Instalment[];
  note: string | null;
}
export interface AddPledgeRequest extends PledgeFields, OutsideCycleConfirmation {
  campaign_id: string;
  donor_id: string;
}
export interface UpdatePledgeRequest extends PledgeFields, OutsideCycleConfirmation {
  campaign_id: string;
  pledge_id: string;
}
export interface WriteOffPledgeRequest {
  campaign_id: string;
  pledge_id: string;
  reason: string;
}

export interface PledgeRow extends PledgeFields {
  pledge_id: string;
  donor_id: string;
  donor_name: string;
  paid_cents: number;
  remaining_cents: number;
  status: PledgeStatus;
  written_off_at: string | null;
  write_off_reason: string | null;
  next_payment_date: string | null;
  created_at: string;
}

/** list_donor_pledge_info: pledges receivable. Filters: status, donor_id; sort commitment_date | remaining_cents | donor_name. */
export interface PledgeListQuery extends ListQuery {
  status?: PledgeStatus;
  donor_id?: string;
}
export interface PledgeListData extends Paged {
  pledge_list: PledgeRow[];
  totals: { commitment_amount_cents: number; paid_cents: number; remaining_cents: number };
}

// ── limits, history, match (report data) ───────────────────────────────────────────────────

/** list_donor_limit: each donor's aggregate against their limit. Filter over_limit=true; sort -aggregate_cents … */
export interface DonorLimitRow {
  donor_id: string;
  name: string;
  contributor_type: ContributorType;
  eligibility: Eligibility;
  aggregate_cents: number;
  limit_cents: number | null;
  remaining_limit_cents: number | null;
  over_limit: boolean;
  /** Compliance warnings worth a treasurer's eye (e.g. the donor's eligibility contradicts the campaign's class). */
  warnings: ComplianceWarning[];
}
export interface DonorLimitListData extends Paged {
  donor_limit_list: DonorLimitRow[];
}

/** list_donor_history: every pledge, donation and refund of donors, newest first. Filter donor_id. */
export interface DonorHistoryRow {
  event_id: string;
  kind: 'pledge' | 'donation' | 'refund' | 'write_off';
  date: string;
  donor_id: string;
  donor_name: string;
  amount_cents: number;
  payment_method: PaymentMethod | null;
  reference: string | null;
}
export interface DonorHistoryListData extends Paged {
  donor_history_list: DonorHistoryRow[];
}

/** list_donor_match: matchable amount and estimated public funds per donor. */
export interface DonorMatchRow {
  donor_id: string;
  name: string;
  contributor_type: ContributorType;
  eligibility: Eligibility;
  city: string | null;
  state: string | null;
  paid_cents: number;
  matchable_cents: number;
  public_funds_cents: number;
}
export interface DonorMatchListData extends Paged {
  donor_match_list: DonorMatchRow[];
  totals: { matchable_cents: number; public_funds_cents: number };
}

// ── donations ───────────────────────────────────────────────────────────────────────────────

/**
 * The intermediary of a contribution (issue 35.6): the person who delivered or solicited it for the
 * campaign, as C-SMART records an intermediary (name, address, employer, occupation). `csmart_number`:
 * the Intermediary Number C-SMART gave this person (column M of the contribution import file).
 */
export interface Intermediary {
  name: string;
  address: string | null;
  city: string | null;
  /** snake_case US state or null. */
  state: string | null;
  zip: string | null;
  employer: string | null;
  occupation: string | null;
  csmart_number: string | null;
}

export interface DonationFields {
  donor_id: string;
  paying_date: string;
  paid_amount_cents: number;
  payment_method: PaymentMethod;
  /** Card authorisation or transfer reference. */
  reference_number: string | null;
  /** The check's number (payment method 'check' only; kept null for other methods). */
  check_number: string | null;
  recipient: string | null;
  /** The pledge this payment pays, if any (must be the same donor's). */
  pledge_id: string | null;
  memo: string | null;
  /** Who bundled the contribution, or null (absent in a request = none on add, unchanged on update). */
  intermediary?: Intermediary | null;
}
/**
 * A gift or pledge dated outside the campaign's election cycle is refused with 422
 * OUTSIDE_ELECTION_CYCLE (details: cycle, cycle_start, cycle_end, counts_toward) unless the request
 * says `confirm_outside_cycle: true`; it then counts toward the cycle it falls in, not this one.
 */
export interface OutsideCycleConfirmation {
  confirm_outside_cycle?: boolean;
}
export interface AddDonationRequest extends DonationFields, OutsideCycleConfirmation {
  campaign_id: string;
}
export interface UpdateDonationRequest extends DonationFields, OutsideCycleConfirmation {
  campaign_id: string;
  donation_id: string;
}
/** A refund of all or part of a donation; several per donation, never more than what remains. */
export interface RefundDonationRequest {
  campaign_id: string;
  donation_id: string;
  /** Default: all that is not yet refunded. */
  refund_amount_cents?: number;
  refund_date: string;
  refund_reason: string;
}

/** One refund of a donation. */
export interface RefundRow {
  refund_id: string;
  amount_cents: number;
  refund_date: string;
  reason: string;
  created_at: string;
}

/**
 * A PayPal dispute of an online donation (CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED), as last heard.
 * `status` and `reason` are PayPal's codes (e.g. OPEN, UNDER_REVIEW, RESOLVED; UNAUTHORISED,
 * MERCHANDISE_OR_SERVICE_NOT_RECEIVED); `outcome` is PayPal's outcome code once resolved
 * (e.g. RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR). The books do not change with a dispute: a
 * chargeback arrives as a refund.
 */
export interface DonationDisputeRow {
  dispute_id: string;
  status: string;
  reason: string | null;
  /** What the donor disputes (null when PayPal did not say). */
  amount_cents: number | null;
  /** When we first heard of it (ISO timestamp). */
  opened_at: string;
  outcome: string | null;
}

/**
 * A refund asked of PayPal that is not in the books: `pending` (PayPal answered PENDING; booked when it
 * completes), `requested` (PayPal's answer never came; pressing Refund again for the same amount asks the
 * same refund) or `failed` (nothing was refunded; `failure_reason` is PayPal's).
 */
export interface OnlineRefundRow {
  online_refund_id: string;
  status: 'requested' | 'pending' | 'failed';
  amount_cents: number;
  /** When staff asked for it (ISO timestamp). */
  requested_at: string;
  reason: string;
  failure_reason: string | null;
}

export interface DonationRow extends DonationFields {
  donation_id: string;
  donor_name: string;
  source: DonationSource;
  /** What was refunded, in all (0 when nothing). */
  refunded_cents: number;
  /** paid_amount_cents - refunded_cents. */
  net_amount_cents: number;
  /** Date of the latest refund (null when none); `refunded_cents === paid_amount_cents` means fully refunded. */
  refunded_at: string | null;
  /** Reason of the latest refund. */
  refund_reason: string | null;
  /** Every refund of the donation, oldest first. */
  refunds: RefundRow[];
  /** An online donation's refunds asked of PayPal and not booked (pending, unanswered, failed), oldest first; [] otherwise. */
  online_refunds: OnlineRefundRow[];
  /** An online donation's PayPal disputes, oldest first; [] otherwise. */
  disputes: DonationDisputeRow[];
  created_at: string;
}

/** list_donation: filters donor_id, payment_method, source, refunded; dates on paying_date; sort paying_date | paid_amount_cents | donor_name. */
export interface DonationListQuery extends ListQuery {
  donor_id?: string;
  payment_method?: PaymentMethod;
  source?: DonationSource;
  /** true: with at least one refund; false: with none. */
  refunded?: boolean;
  /** An election cycle value ('2025'): donations dated in it. */
  cycle?: string;
}
export interface DonationListData extends Paged {
  donation_list: DonationRow[];
  totals: { paid_amount_cents: number; refunded_cents: number; net_cents: number };
}

/** add_donation / update_donation answer the row and the compliance warnings of the donor after it. */
export interface DonationWriteData {
  donation: DonationRow;
  warnings: ComplianceWarning[];
}

// ── expenses ────────────────────────────────────────────────────────────────────────────────

export interface ExpenseFields {
  expense_date: string;
  amount_cents: number;
  payee: string;
  purpose: ExpensePurpose;
  /** Required for other (explanation), credit_card_payment and reimbursement (details). */
  purpose_details: string | null;
  payment_method: ExpensePaymentMethod;
  reference_number: string | null;
  memo: string | null;
}
export interface AddExpenseRequest extends ExpenseFields {
  campaign_id: string;
}
export interface UpdateExpenseRequest extends ExpenseFields {
  campaign_id: string;
  expense_id: string;
}
export interface ExpenseRow extends ExpenseFields {
  expense_id: string;
  created_at: string;
  /** Files attached to the expense (receipts; at most EXPENSE_ATTACHMENT_USE.maxPerExpense). */
  attachment_count: number;
}
/** list_expense: filters purpose, payment_method; dates on expense_date; sort expense_date | amount_cents | payee. */
export interface ExpenseListQuery extends ListQuery {
  purpose?: ExpensePurpose;
  payment_method?: ExpensePaymentMethod;
}
export interface ExpenseListData extends Paged {
  expense_list: ExpenseRow[];
  totals: { amount_cents: number };
}

// ── expense attachments ─────────────────────────────────────────────────────────────────────
// 1. POST attachment_presigned_url → where to PUT the file (PresignedUrlData of the bulk upload:
//    our own signed PUT, or S3's); 2. PUT the bytes; 3. POST add_attachment → the checked row.
// Types and sizes: domain/file-signature.ts EXPENSE_ATTACHMENT_USE (checked by extension AND content).

export interface ExpenseAttachmentPresignRequest {
  campaign_id: string;
  expense_id: string;
  file_name: string;
  /** Bytes; over EXPENSE_ATTACHMENT_USE.maxBytes is 413 FILE_TOO_LARGE. */
  file_size: number;
}
export interface AddExpenseAttachmentRequest {
  campaign_id: string;
  expense_id: string;
  /** The `key` presigned_url answered. */
  file_key: string;
  file_name: string;
}
export interface ExpenseAttachmentRow {
  attachment_id: string;
  expense_id: string;
  file_name: string;
  file_size: number;
  content_type: string;
  uploaded_by: { id: string | null; name: string | null };
  created_at: string;
}
/** Every attachment of one expense, oldest first (bounded: at most `max_attachments`). */
export interface ExpenseAttachmentListData {
  attachment_list: ExpenseAttachmentRow[];
  total: number;
  max_attachments: number;
}
/** A short-lived signed link (downloads as an attachment). */
export interface ExpenseAttachmentDownloadData {
  url: string;
  file_name: string;
  expires_at: string;
}

// ── follow-up ───────────────────────────────────────────────────────────────────────────────

/** follow_up_list: donors with open pledges or due payments. Filter due=overdue|this_week|all; sort next_payment_date | remaining_cents | next_call_date | donor_name. */
export interface FollowUpRow {
  donor_id: string;
  donor_name: string;
  donor_phone: string | null;
  donor_email: string | null;
  pledged_cents: number;
  paid_cents: number;
  remaining_cents: number;
  next_payment_date: string | null;
  next_payment_amount_cents: number | null;
  last_call_at: string | null;
  last_call_outcome: CallOutcome | null;
  next_call_date: string | null;
  last_reminder_at: string | null;
}
export interface FollowUpListQuery extends ListQuery {
  due?: 'overdue' | 'this_week' | 'all';
}
export interface FollowUpListData extends Paged {
  follow_up_list: FollowUpRow[];
  totals: { remaining_cents: number };
}

export interface AddFollowUpCallRequest {
  campaign_id: string;
  donor_id: string;
  outcome: CallOutcome;
  note: string | null;
  next_call_date: string | null;
}
export interface FollowUpCallRow {
  call_id: string;
  donor_id: string;
  /** 'call' = a logged phone call; 'reminder' = a reminder sent through the outbox. */
  kind: 'call' | 'reminder';
  outcome: CallOutcome | null;
  channel: NotificationChannel | null;
  note: string | null;
  next_call_date: string | null;
  created_at: string;
  created_by: { user_id: string; name: string } | null;
}
/** list_follow_up_call: a donor's calls and reminders (query donor_id), newest first. */
export interface FollowUpCallListData extends Paged {
  follow_up_call_list: FollowUpCallRow[];
}

/** send_notification: a reminder by e-mail or text through the outbox, logged on the donor. */
export interface SendNotificationRequest {
  donor_id: string;
  channel: NotificationChannel;
  /** Optional personal words added to the standard reminder text. */
  message: string | null;
}

export interface NextPayment {
  pledge_id: string;
  next_payment_date: string | null;
  amount_due_cents: number;
}

// ── tags and notes ──────────────────────────────────────────────────────────────────────────

export interface AddMetadataRequest {
  campaign_id: string;
  donor_id: string;
  kind: MetadataKind;
  /** A tag (≤ 40 characters) or a note (≤ 2000). */
  value: string;
}
export interface UpdateMetadataRequest {
  campaign_id: string;
  metadata_id: string;
  value: string;
}
export interface MetadataRow {
  metadata_id: string;
  donor_id: string;
  kind: MetadataKind;
  value: string;
  created_at: string;
  updated_at: string;
  created_by: { user_id: string; name: string } | null;
}
/** list_metadata: query donor_id (optional), kind (optional). */
export interface MetadataListData extends Paged {
  metadata_list: MetadataRow[];
}

// ── dashboard ───────────────────────────────────────────────────────────────────────────────

export interface TotalStats {
  /** Donations net of refunds. */
  total_raised_cents: number;
  total_pledged_cents: number;
  outstanding_cents: number;
  total_spent_cents: number;
  /** raised − spent. */
  cash_on_hand_cents: number;
  donor_count: number;
  donation_count: number;
  matchable_cents: number;
  public_funds_cents: number;
}
export interface MonthlyStat {
  /** 'YYYY-MM' */
  month: string;
  raised_cents: number;
  pledged_cents: number;
  spent_cents: number;
}
/** monthly-stats: the last `months` months (query, 1–36, default 12), oldest first, months without activity included. */
export interface MonthlyStatsData {
  monthly_stats: MonthlyStat[];
}
/** cycle-stats: the campaign's election cycle and the figures inside it. */
export interface CycleStatsData {
  election_cycle: string | null;
  start_date: string | null;
  end_date: string | null;
  raised_cents: number;
  spent_cents: number;
  donors_at_limit: number;
  by_contributor_type: { contributor_type: ContributorType; raised_cents: number; donor_count: number }[];
  by_payment_method: { payment_method: PaymentMethod; raised_cents: number }[];
}
