/**
 * The donor book API, follow-up (SPEC §7 Donors): the follow-up list, calls, reminders and the next
 * payment.
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ListQuery, Paged } from './api-contract';
import type { CallOutcome, NotificationChannel } from './enums';

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
