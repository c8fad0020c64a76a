/**
 * What the stand-in stores (the `data` of paypal_standin_objects rows) and the ids it makes. The
 * PayPal-shaped answers are rendered from these (standin-shapes.ts), so stored data stays small and
 * the shapes can change without a migration.
 */
import { randomInt } from 'node:crypto';

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
export type CaptureStatus = 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'PENDING' | 'DECLINED';

export interface TokenData {
  client_id: string;
  app_id: string;
  /** ISO time. */
  expires_at: string;
}

export interface PurchaseUnitData {
  reference_id: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  soft_descriptor?: string;
  amount_cents: number;
  /** The amount object as sent (its breakdown kept), with `value` written as PayPal writes it. */
  amount: Record<string, unknown>;
  items?: unknown[];
}

export interface ExperienceData {
  brand_name?: string;
  return_url?: string;
  cancel_url?: string;
  user_action?: string;
  shipping_preference?: string;
}

export interface PayerData {
  payer_id: string;
  email_address: string;
  given_name: string;
  surname: string;
}

export interface CaptureData {
  id: string;
  status: CaptureStatus;
  amount_cents: number;
  refunded_cents: number;
  /** Set when PayPal reversed the capture (a chargeback), or why a capture is PENDING (an eCheck clearing). */
  reason?: 'CHARGEBACK' | 'ECHECK';
  create_time: string;
  update_time: string;
}

export interface OrderData {
  client_id: string;
  intent: 'CAPTURE';
  status: OrderStatus;
  purchase_unit: PurchaseUnitData;
  experience: ExperienceData;
  /** Created with `payment_source.paypal` (PayPal then answers PAYER_ACTION_REQUIRED and a payer-action link). */
  payment_source_paypal: boolean;
  create_time: string;
  update_time: string;
  payer?: PayerData;
  /** The donor chose "Decline the payment": the capture fails with INSTRUMENT_DECLINED. */
  declined?: boolean;
  capture?: CaptureData;
  /** The PayPal-Request-Id of the capture that succeeded (a retry with it answers the same). */
  capture_request_id?: string | null;
}

export interface RefundData {
  client_id: string;
  order_id: string;
  capture_id: string;
  amount_cents: number;
  /** PENDING and FAILED only when a test asked for them (nextRefund); a PENDING refund completes by completeRefund. */
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  note_to_payer?: string;
  invoice_id?: string;
  /** A reversal (chargeback) rather than a refund asked for by the merchant. */
  reversal?: boolean;
  create_time: string;
  update_time: string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomText(length: number, alphabet = ALPHANUMERIC): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** Order, capture and refund ids look like PayPal's: 17 upper-case letters and digits. */
export function paypalId(): string {
  return randomText(17);
}

/** PayPal's account ids (payer_id, merchant_id): 13 characters of `[2-9A-HJ-NP-Z]` (no 0, 1, I, O). */
export const ACCOUNT_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A payer id like PayPal's `PayerID`. */
export function payerId(): string {
  return randomText(13, ACCOUNT_ID_ALPHABET);
}

/** Webhook event ids: `WH-` + 17 + `-` + 17 characters, like PayPal's. */
export function eventId(): string {
  return `WH-${randomText(17)}-${randomText(17)}`;
}

/** Tokens look like PayPal's (`A21AA…`). */
export function accessToken(): string {
  return `A21AA${randomText(92, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}`;
}

export const ORDER_ID_PATTERN = /^[A-Z0-9]{1,36}$/;
