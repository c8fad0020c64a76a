/**
 * The donor book API, dashboard (SPEC §7 Expenses and dashboard): total, monthly and cycle figures.
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ContributorType, PaymentMethod } from './enums';

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
