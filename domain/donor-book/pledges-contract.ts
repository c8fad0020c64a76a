/**
 * The donor book API, pledges (SPEC §7 Donors): pledge fields, requests, rows and the pledges-receivable
 * list.
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ListQuery, Paged, OutsideCycleConfirmation } from './api-contract';
import type { PledgeStatus } from './enums';

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
