/**
 * The donor book API, donors (SPEC §7 Donors): the donor fields, rows, list and page, merge, and the
 * Doing Business Database review. Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of
 * ./api-contract.ts, money is integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ComplianceWarning } from '../compliance/types';
import type { ListQuery, Paged } from './api-contract';
import type { BalanceFilter, ContributorType, Eligibility } from './enums';
import type { NextPayment } from './follow-up-contract';
import type { PledgeRow } from './pledges-contract';

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
