/**
 * The donor book API, report lists of donors (SPEC §7 Donors): limits, history and match.
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ComplianceWarning } from '../compliance/types';
import type { Paged } from './api-contract';
import type { ContributorType, Eligibility, PaymentMethod } from './enums';

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
