/**
 * The donor book API, donations (SPEC §7 Donations): donation fields, intermediaries, refunds, online
 * refunds and disputes, rows and the list. Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of
 * ./api-contract.ts, money is integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ComplianceWarning } from '../compliance/types';
import type { ListQuery, Paged, OutsideCycleConfirmation } from './api-contract';
import type { DonationSource, PaymentMethod } from './enums';

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
